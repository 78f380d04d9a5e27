/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { DeviceRegistration } from './device-registration.js';
// May contain unused imports in some cases
// @ts-ignore
import type { DeviceTimestamps } from './device-timestamps.js';

/**
 * @type Device
 * A stored device registration.
 */
export type Device = DeviceRegistration & DeviceTimestamps;


