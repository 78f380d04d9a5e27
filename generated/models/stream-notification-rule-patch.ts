/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { StreamNotificationRulePatchChannels } from './stream-notification-rule-patch-channels.js';

/**
 * A stream-notification rule in a merge patch; `null` removes it.
 */
export interface StreamNotificationRulePatch {
    'channels': StreamNotificationRulePatchChannels;
    /**
     * When the rule stops applying; may be null (removes it).
     */
    'until'?: string | null;
}

