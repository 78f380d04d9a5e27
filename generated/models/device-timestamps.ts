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
     * When the caller registered the `(appId, installationId)` pair; taken over from another user, it starts anew.
     */
    'createdAt': string;
    /**
     * When the registration last changed.
     */
    'updatedAt': string;
}

