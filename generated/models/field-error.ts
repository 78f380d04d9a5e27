/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * One validation failure.
 */
export interface FieldError {
    /**
     * JSON pointer to the offending value, e.g. `/body/phasesTemplate/0/goal`.
     */
    'path': string;
    /**
     * What is wrong with it.
     */
    'message': string;
}

