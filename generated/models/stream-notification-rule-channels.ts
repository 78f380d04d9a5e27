/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { RuleMobileChannel } from './rule-mobile-channel.js';

/**
 * Per-channel levels.
 */
export interface StreamNotificationRuleChannels {
    'mobile'?: RuleMobileChannel;
}

