import type { Scenarios } from './scenarios.js';
import { seedSteps } from './seed-steps.js';
import { startingState } from './expectations.js';
import type { Sessions } from './sessions.js';

/**
 * GET /sandbox/session: the named session, its settings and what it holds, and the state its current segment started
 * from (`state`, as expectations name it, with `logged`: its requests so far), so a recording can start from it. A
 * session not held is described as it would start (`started: false`: the examples' seed), with the drop it would be
 * told of; looking makes no session and touches none.
 */
export async function describeSession(
  sessions: Sessions,
  name: string,
  scenarios: Scenarios,
  examples: Map<string, unknown>,
) {
  const { limits } = sessions;
  const all = {
    held: sessions.list().length,
    written: sessions.list().filter((session) => session.counted).length,
    read: sessions.list().filter((session) => !session.counted).length,
    max: limits.max,
    bytes: sessions.bytes,
    maxBytes: limits.maxBytes,
    idleSeconds: limits.idleMs / 1000,
  };
  const session = sessions.find(name);
  if (!session) {
    const dropped = sessions.dropped.get(name);
    const state = { from: 'examples', steps: seedSteps(examples) };
    return {
      name,
      started: false,
      failureRate: 0,
      segment: 0,
      bytes: 0,
      state,
      logged: 0,
      ...(dropped ? { dropped } : {}),
      sessions: all,
    };
  }
  const { clock, settings, segment, segments, startedAgain } = session;
  const current = segments.get(segment);
  const state = current && (await startingState(current.state, scenarios, examples));
  return {
    name,
    started: true,
    ...(clock.fixedMs === undefined ? {} : { clock: new Date(clock.fixedMs).toISOString() }),
    ...(settings.seed === undefined ? {} : { seed: settings.seed }),
    ...(settings.scenario === undefined ? {} : { scenario: settings.scenario }),
    failureRate: settings.failureRate ?? 0,
    segment,
    bytes: session.bytes,
    ...(state ? { state } : {}),
    logged: current?.logged ?? 0,
    ...(startedAgain ? { startedAgain } : {}),
    sessions: all,
  };
}
