/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * Notification rule for one VIP.
 */
export interface VipRule {
    /**
     * Whether this VIP\'s messages bypass availability hours.
     */
    'bypass': boolean;
}

