/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { NotificationSettingsPatchAvailability } from './notification-settings-patch-availability.js';
// May contain unused imports in some cases
// @ts-ignore
import type { NotificationSettingsPatchChannels } from './notification-settings-patch-channels.js';
// May contain unused imports in some cases
// @ts-ignore
import type { NotificationSettingsPatchDefaults } from './notification-settings-patch-defaults.js';
// May contain unused imports in some cases
// @ts-ignore
import type { NotificationSettingsPatchSound } from './notification-settings-patch-sound.js';
// May contain unused imports in some cases
// @ts-ignore
import type { NotificationSettingsPatchVipsValue } from './notification-settings-patch-vips-value.js';
// May contain unused imports in some cases
// @ts-ignore
import type { StreamNotificationRulePatch } from './stream-notification-rule-patch.js';

/**
 * A JSON merge patch of the caller\'s notification settings; every member optional, `null` removes.
 */
export interface NotificationSettingsPatch {
    'channels'?: NotificationSettingsPatchChannels | null;
    'availability'?: NotificationSettingsPatchAvailability | null;
    'defaults'?: NotificationSettingsPatchDefaults | null;
    /**
     * Map from a key (such as a stream id) to a stream-notification rule; merged per key. Keys are not checked for existence.
     */
    'overrides'?: { [key: string]: StreamNotificationRulePatch; } | null;
    /**
     * Map from a key (such as a user id) to a VIP rule; merged per key. Keys are not checked for existence.
     */
    'vips'?: { [key: string]: NotificationSettingsPatchVipsValue; } | null;
    'sound'?: NotificationSettingsPatchSound | null;
}

