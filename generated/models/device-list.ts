/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { Device } from './device.js';

/**
 * The caller\'s devices.
 */
export interface DeviceList {
    /**
     * The devices, in the order of the text `appId/installationId` (see the operation); at most `limit`.
     */
    'items': Array<Device>;
}

