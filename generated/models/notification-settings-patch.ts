/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
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
     * Map from a key (such as a stream id) to a stream-notification rule; merged per key.
     */
    'overrides'?: { [key: string]: StreamNotificationRulePatch; } | null;
    /**
     * Map from a key (such as a user id) to a VIP rule; merged per key.
     */
    'vips'?: { [key: string]: NotificationSettingsPatchVipsValue; } | null;
    /**
     * Notification sound; `null` removes it.
     */
    'sound'?: NotificationSettingsPatchSoundEnum | null;
}

export const NotificationSettingsPatchSoundEnum = {
    ShakeBottlePop: 'shake-bottle-pop',
    Boing: 'boing',
    BubblePop: 'bubble-pop',
    BubblePopQuick: 'bubble-pop-quick',
    BubblesPop: 'bubbles-pop',
    Doodoodoo: 'doodoodoo',
    DoodoodooReverb: 'doodoodoo-reverb',
    HighPitchPing: 'high-pitch-ping',
    LightDoubleClicks: 'light-double-clicks',
    Mhm: 'mhm',
    MusicNote: 'music-note',
    Oooh: 'oooh',
    Quack: 'quack',
    StoreDoorOpening: 'store-door-opening',
    ThrowBoing: 'throw-boing',
    Uhoh: 'uhoh',
    WaterDrop: 'water-drop',
    Wow: 'wow',
} as const;

export type NotificationSettingsPatchSoundEnum = typeof NotificationSettingsPatchSoundEnum[keyof typeof NotificationSettingsPatchSoundEnum];


