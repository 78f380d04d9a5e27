import { isDateTime } from '../contract/formats.js';
import { HttpProblem, type FieldError } from '../errors/problem.js';
import { instantMs } from '../lib/time.js';

/** What a session is set to at its reset (`POST /sandbox/reset` with a JSON body). */
export interface SessionSettings {
  /** A fixed instant (RFC 3339): every timestamp the session makes is this one (or, for updatedAt, the least instant after the stored one). */
  clock?: string;
  /** Ids made from this seed in order (UUID v7 at the session's clock), instead of random ones. */
  seed?: string;
  /** The share of /api requests, 0 to 1, answered 503 `unavailable` instead, storing nothing (drawn from the seed when there is one). */
  failureRate?: number;
  /** The scenario the session starts from (`mocks/scenarios/`, `PUT /sandbox/scenarios/{name}`), instead of the examples' seed. */
  scenario?: string;
}

const KNOWN = new Set(['clock', 'seed', 'failureRate', 'scenario']);

/** The reset's optional JSON body: `{ clock, seed, failureRate }`; absent members are off. */
export function settingsOf(body: unknown): SessionSettings {
  if (body === undefined) return {};
  const errors: FieldError[] = [];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    errors.push({
      path: '/body',
      message:
        'must be an object: { "clock": date-time, "seed": string, "failureRate": 0 to 1, "scenario": name }, each optional',
    });
  }
  const { clock, seed, failureRate, scenario, ...others } = (errors.length ? {} : body) as Record<string, unknown>;
  for (const name of Object.keys(others))
    if (!KNOWN.has(name))
      errors.push({ path: `/body/${name}`, message: 'is not a setting: clock, seed, failureRate, scenario' });
  if (clock !== undefined && (typeof clock !== 'string' || !isDateTime(clock) || instantMs(clock) === undefined))
    errors.push({ path: '/body/clock', message: 'must be an RFC 3339 date-time within years 0000 to 9999 in UTC' });
  if (seed !== undefined && (typeof seed !== 'string' || seed.length < 1 || seed.length > 256))
    errors.push({ path: '/body/seed', message: 'must be a string of 1 to 256 characters' });
  if (failureRate !== undefined && (typeof failureRate !== 'number' || !(failureRate >= 0 && failureRate <= 1))) {
    errors.push({ path: '/body/failureRate', message: 'must be a number from 0 to 1' });
  }
  if (scenario !== undefined && typeof scenario !== 'string')
    errors.push({ path: '/body/scenario', message: 'must be the name of a scenario' });
  if (errors.length)
    throw new HttpProblem(
      'validation-failed',
      'POST /sandbox/reset takes no body, or { "clock", "seed", "failureRate", "scenario" }.',
      { errors },
    );
  return {
    ...(clock === undefined ? {} : { clock: clock as string }),
    ...(seed === undefined ? {} : { seed: seed as string }),
    ...(failureRate === undefined ? {} : { failureRate: failureRate as number }),
    ...(scenario === undefined ? {} : { scenario: scenario as string }),
  };
}
