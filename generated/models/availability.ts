/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * When the user is available for notifications; all members required.
 */
export interface Availability {
    /**
     * Whether availability hours apply.
     */
    'enabled': boolean;
    /**
     * Time zone of `start` and `end`.
     */
    'timeZone': string;
    /**
     * Days on which the hours apply; any integers.
     */
    'days': Array<number>;
    /**
     * Start of the hours, `HH:MM`, 00:00 to 23:59.
     */
    'start': string;
    /**
     * End of the hours, `HH:MM`, 00:00 to 23:59.
     */
    'end': string;
}

