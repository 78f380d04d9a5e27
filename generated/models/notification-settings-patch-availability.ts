/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * Availability hours; when given, all of its members are required.
 */
export interface NotificationSettingsPatchAvailability {
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
     * Start of the hours, `HH:MM`.
     */
    'start': string;
    /**
     * End of the hours, `HH:MM`.
     */
    'end': string;
}

