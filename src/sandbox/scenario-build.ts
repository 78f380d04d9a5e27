import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import { createHttpServer } from '../edge/listen.js';
import { HttpProblem } from '../errors/problem.js';
import type { Expectation } from '../lib/expectations.js';
import { madeIn, noteSent } from '../lib/id-map.js';
import type { StoredRecord } from '../store/store.js';
import { SCENARIO_CLOCK, type Build } from './scenarios.js';
import { SESSION_HEADER, type Sessions } from './sessions.js';

/**
 * A scenario's steps are sent over loopback HTTP to `app`, a sandbox whose sessions start
 * empty, in a session of their own on the scenario's clock and seed: so each is checked by
 * the contract and served by the service exactly as a client's request would be.
 */
export function buildThrough(app: Express, sessions: Sessions): Build {
  return async (name, steps) => {
    const session = `scenario:${randomUUID()}`;
    const { store } = await sessions.replace(session, { clock: SCENARIO_CLOCK, seed: `scenario/${name}` });
    const server = createHttpServer(app).listen(0, '127.0.0.1');
    try {
      await once(server, 'listening');
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const [answers, seen] = [[] as Expectation['response'][], new Set<string>()];
      for (const [index, { method, path, body }] of steps.entries()) {
        const response = await fetch(url + path, {
          method,
          headers: { [SESSION_HEADER]: session, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        const text = await response.text();
        if (response.ok) {
          answers.push(answerOf(response, text, [path.split('/'), body], seen));
          continue;
        }
        const detail = detailOf(text);
        throw new HttpProblem(
          'validation-failed',
          `Scenario ${name}: step ${index} (${method} ${path}) was answered ${response.status}${detail ? `: ${detail}` : ''}; the scenario is not defined.`,
          {
            errors: [
              {
                path: `/body/steps/${index}`,
                message: `was answered ${response.status}${detail ? `: ${detail}` : ''}`,
              },
            ],
          },
        );
      }
      const records: StoredRecord[] = [];
      for await (const record of store.records?.() ?? []) records.push(record); // the memory store lists its records
      return { records, answers };
    } finally {
      sessions.drop(session);
      server.closeAllConnections();
      server.close();
    }
  };
}

/** A step's answer as a state keeps it: its status, and the ids, timestamps, ETag and Location it made. */
function answerOf(response: Response, text: string, sent: unknown, seen: Set<string>): Expectation['response'] {
  noteSent(sent, seen);
  const body = text ? madeIn(JSON.parse(text), seen) : undefined;
  const headers: Record<string, string> = {};
  for (const name of ['etag', 'location']) {
    const value = response.headers.get(name);
    if (value !== null) headers[name] = value;
  }
  return {
    status: response.status,
    ...(Object.keys(headers).length ? { headers } : {}),
    ...(body === undefined ? {} : { body }),
  };
}

/** A problem's detail and the first field it names, when the answer is one. */
function detailOf(text: string): string | undefined {
  try {
    const problem = JSON.parse(text) as { detail?: string; errors?: { path: string; message: string }[] };
    const [first] = problem.errors ?? [];
    return [problem.detail, first && `${first.path} ${first.message}`].filter(Boolean).join(' ') || undefined;
  } catch {
    return undefined;
  }
}
