import { randomUUID } from 'node:crypto';

export const uuid = (): string => randomUUID();

export function aDevice(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    installationId: `install-${uuid()}`,
    appId: 'com.example.chat',
    platform: 'mobile_a',
    token: 'push-token-0123456789abcdef',
    environment: 'production',
    transport: 'push_gateway',
    ...overrides,
  };
}

export function aPhase(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: uuid(),
    agentId: uuid(),
    goal: 'Collect the requirements',
    instructions: 'Ask the requester for the acceptance criteria.',
    autoAdvance: false,
    phaseName: 'Intake',
    operatorPool: ['ops-team'],
    ...overrides,
  };
}

export function aDraft(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    triggerName: 'weekly-review',
    description: 'Runs the weekly review.',
    phasesTemplate: [aPhase()],
    ...overrides,
  };
}

export function anAvailability(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    enabled: true,
    timeZone: 'Europe/Berlin',
    days: [1, 2, 3, 4, 5],
    start: '09:00',
    end: '17:30',
    ...overrides,
  };
}

/** A string of `length` characters (code points), each of them `unit`. */
export const text = (length: number, unit = 'a'): string => unit.repeat(length);

/** The notification sounds, written out here (not read from openapi.yaml, which they check). */
export const NOTIFICATION_SOUNDS: readonly string[] = [
  'shake-bottle-pop',
  'boing',
  'bubble-pop',
  'bubble-pop-quick',
  'bubbles-pop',
  'doodoodoo',
  'doodoodoo-reverb',
  'high-pitch-ping',
  'light-double-clicks',
  'mhm',
  'music-note',
  'oooh',
  'quack',
  'store-door-opening',
  'throw-boing',
  'uhoh',
  'water-drop',
  'wow',
];
