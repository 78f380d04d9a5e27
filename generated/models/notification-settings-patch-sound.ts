/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { Sound } from './sound.js';

/**
 * @type NotificationSettingsPatchSound
 * A `Sound`, or `null`, which removes it.
 */
export type NotificationSettingsPatchSound = Sound | null;


