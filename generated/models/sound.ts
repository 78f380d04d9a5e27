/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */



/**
 * Notification sound.
 */

export const Sound = {
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

export type Sound = typeof Sound[keyof typeof Sound];



