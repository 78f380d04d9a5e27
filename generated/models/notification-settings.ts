/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { Availability } from './availability.js';
// May contain unused imports in some cases
// @ts-ignore
import type { NotificationSettingsChannels } from './notification-settings-channels.js';
// May contain unused imports in some cases
// @ts-ignore
import type { NotificationSettingsDefaults } from './notification-settings-defaults.js';
// May contain unused imports in some cases
// @ts-ignore
import type { Sound } from './sound.js';
// May contain unused imports in some cases
// @ts-ignore
import type { StreamNotificationRule } from './stream-notification-rule.js';
// May contain unused imports in some cases
// @ts-ignore
import type { VipRule } from './vip-rule.js';

/**
 * The caller\'s notification settings after all merges.
 */
export interface NotificationSettings {
    'channels'?: NotificationSettingsChannels;
    'availability'?: Availability;
    'defaults'?: NotificationSettingsDefaults;
    /**
     * Map from a key to a stream-notification rule.
     */
    'overrides'?: { [key: string]: StreamNotificationRule; };
    /**
     * Map from a key to a VIP rule.
     */
    'vips'?: { [key: string]: VipRule; };
    'sound'?: Sound;
    /**
     * When the settings last changed (a patch that changes nothing leaves it); `1970-01-01T00:00:00.000Z` (the Unix epoch) while they never have.
     */
    'updatedAt': string;
}



