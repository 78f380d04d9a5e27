/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * Which messages notify.
 */

export const NotificationLevel = {
    Mentions: 'mentions',
    None: 'none',
} as const;

export type NotificationLevel = typeof NotificationLevel[keyof typeof NotificationLevel];



