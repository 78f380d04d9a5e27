import type { Response } from 'express';
import type { Expectation, Segment, StartingState } from '../lib/expectations.js';
import { ANSWER_HEADERS } from '../lib/id-map.js';
import { parsePrefer } from './prefer.js';
import type { KeptRequest, LoggedRequest } from './logged-entry.js';
import { isNote } from './logged-values.js';
import { LOG_SIZE } from './request-log.js';
import type { Scenarios } from './scenarios.js';
import type { SegmentState } from './segments.js';
import type { Dropped } from './dropped.js';
import { seedSteps } from './seed-steps.js';
import type { Session } from './session.js';

/** The headers that hold values the server made, matched by position in later steps. */
const MADE_HEADERS = ['etag', 'location'];

/**
 * Keeps with a logged request what expectations need beside its headers (kept whole, see logged-headers.ts, and
 * picked by name in expectationOf): its segment, and whether it failed on purpose.
 */
export function keepExchange(entry: KeptRequest, res: Response, session: Session): void {
  entry.segment = session.segment;
  session.segments.logged(session.segment);
  if (res.locals.failedOnPurpose) entry.onPurpose = true;
}

/**
 * The session's log as what the front end's tests relied on, for make verify-consumer: one segment per
 * reset, oldest first, each with the state it started from (the examples' seed or a scenario, its steps
 * included). Left out: answers a `Prefer: code=` or `example=` chose and failures on purpose (failureRate),
 * which are not the service's behaviour; and a segment whose state or first requests are no longer known.
 */
export async function expectationsOf(
  session: Session | undefined,
  scenarios: Scenarios,
  examples: Map<string, unknown>,
  dropped?: Dropped,
): Promise<{ segments: Exported[]; notes?: string[] }> {
  const bySegment = new Map<number, LoggedRequest[]>();
  for (const entry of session?.log.list().reverse() ?? []) {
    const number = entry.segment ?? 0;
    bySegment.set(number, [...(bySegment.get(number) ?? []), entry]);
  }
  const [segments, notes] = [[] as Exported[], [] as string[]];
  // A state met again (a session reset to one scenario many times) is written once: later segments name the first.
  const seen = new Map<string, { state: StartingState | undefined; index?: number }>();
  const gone = dropped ?? session?.startedAgain;
  if (gone)
    notes.push(
      `${droppedNote(gone)}: those requests are gone${dropped ? '' : ', and its segments here start after it'}.`,
    );
  const gonePast = session?.segments.withRequests().filter((number) => !bySegment.has(number)) ?? [];
  if (gonePast.length)
    notes.push(
      `${gonePast.length} earlier segment${gonePast.length === 1 ? '' : 's'} of the session (${gonePast.map((number) => number + 1).join(', ')}) ${gonePast.length === 1 ? 'is' : 'are'} left out: none of ${gonePast.length === 1 ? 'its' : 'their'} requests is in the log any more (it keeps the last ${LOG_SIZE}).`,
    );
  for (const [number, entries] of [...bySegment].sort(([a], [b]) => a - b)) {
    const held = session?.segments.get(number);
    const key = held && stateKey(held.state);
    let known = key === undefined ? undefined : seen.get(key);
    if (held && key !== undefined && !known)
      seen.set(key, (known = { state: await startingState(held.state, scenarios, examples) }));
    const state = known?.state;
    const why =
      !state || !held
        ? `the state it started from is no longer known (its scenario was defined again since)`
        : held.logged > entries.length
          ? `its first ${held.logged - entries.length} requests are no longer in the log (it keeps the last ${LOG_SIZE}, in ${Math.round((session?.log.cap ?? 0) / 1024)} KiB)`
          : entries.some((entry) => isNote(entry.body))
            ? `a request's body was over 16 KiB and not kept, so it cannot be sent again`
            : undefined;
    const count = `${entries.length} request${entries.length === 1 ? '' : 's'}`;
    if (why) notes.push(`Segment ${number + 1} of the session (${count}) is left out: ${why}.`);
    const expectations = entries.filter(isServiceAnswer).map(expectationOf);
    const after = held?.state.after;
    if (why || !state || !known || !expectations.length) continue;
    segments.push({
      state: known.index === undefined ? state : { sameAs: known.index },
      expectations,
      ...(after ? { after } : {}),
    });
    known.index ??= segments.length - 1;
  }
  return { segments, ...(notes.length ? { notes } : {}) };
}

/** A segment as exported: its state, or `{ sameAs }` naming the earlier segment whose state it is; the drop it started again after. */
type Exported = Omit<Segment, 'state'> & { state: StartingState | { sameAs: number }; after?: Dropped };

/** What makes two segments' states the same: their scenario and its version, or the examples, with the reset's clock and seed. */
const stateKey = ({ settings, version }: SegmentState) =>
  JSON.stringify([settings.scenario ?? null, version ?? null, settings.clock ?? null, settings.seed ?? null]);

/** What a drop took, in a sentence (without its end). */
const droppedNote = ({ at, why, requests }: Dropped) =>
  `The session was dropped at ${at} with ${requests} request${requests === 1 ? '' : 's'} logged (${why}), and started again from its seed or scenario`;

/** The state segment `number` of `session` started from, as expectations name it; undefined when no longer known. */
export async function startingState(
  { settings, version }: SegmentState,
  scenarios: Scenarios,
  examples: Map<string, unknown>,
) {
  const timing = {
    ...(settings.clock === undefined ? {} : { clock: settings.clock }),
    ...(settings.seed === undefined ? {} : { seed: settings.seed }),
  };
  if (settings.scenario === undefined)
    return { from: 'examples', ...timing, steps: seedSteps(examples) } as StartingState;
  const defined = scenarios.get(settings.scenario);
  if (!defined || defined.version !== version) return undefined;
  return { from: 'scenario', scenario: settings.scenario, ...timing, steps: await defined.state() } as StartingState;
}

/** Whether the answer was the service's: not one Prefer chose (a contract example, nothing stored), nor a failure on purpose. */
function isServiceAnswer(entry: LoggedRequest): boolean {
  if (entry.onPurpose) return false;
  try {
    const { code, example } = parsePrefer(entry.prefer);
    return code === undefined && example === undefined;
  } catch {
    return true;
  }
}

function expectationOf(entry: LoggedRequest): Expectation {
  const { method, path, body, status, problem, response, prefer, requestHeaders, responseHeaders } = entry;
  const sent = only(requestHeaders, ANSWER_HEADERS, prefer === undefined ? {} : { prefer });
  const made = only(responseHeaders, MADE_HEADERS);
  const answered = status >= 400 ? problem : response;
  return {
    request: { method, path, ...(sent ? { headers: sent } : {}), ...(body === undefined ? {} : { body }) },
    response: {
      status,
      ...(made ? { headers: made } : {}),
      ...(answered === undefined || isNote(answered) ? {} : { body: answered }),
    },
  };
}

/** The headers of `names` among `headers` (lower-case), with `extra`; undefined when none. */
function only(headers: Record<string, string> | undefined, names: readonly string[], extra = {}) {
  const kept: Record<string, string> = { ...extra };
  for (const [name, value] of Object.entries(headers ?? {}))
    if (names.includes(name.toLowerCase())) kept[name.toLowerCase()] = value;
  return Object.keys(kept).length ? kept : undefined;
}
