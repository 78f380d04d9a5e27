/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * When a device registration was made and last changed.
 */
export interface DeviceTimestamps {
    /**
     * When the `(appId, installationId)` pair was first registered.
     */
    'createdAt': string;
    /**
     * When the registration last changed.
     */
    'updatedAt': string;
}

