import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { FULL_CHECK_VALUES } from '../../src/contract/validator.js';
import { monitorLoop } from './loop-monitor.js';
import { rawRequest, type RawResponse } from './raw.js';
import type { Service } from './service.js';

const manyKeys = (count: number, value: string) =>
  `{${Array.from({ length: count }, (_, index) => `"key-${index}":${value}`).join(',')}}`;
const inlineNodes = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    type: 'text',
    text: `word ${index}`,
    style: { bold: index % 2 === 0 },
  }));
/** As many `unit`s, separated by commas, as fit in 1 MiB less `reserve` bytes. */
const fill = (unit: string, reserve = 100) =>
  Array(Math.floor((1024 * 1024 - reserve) / (unit.length + 1)))
    .fill(unit)
    .join(',');
/** A stream creation whose first message's blocks are `items`. */
const blocks = (items: string) => `{"title":"t","initialMessage":{"content":{"blocks":[${items}]}}}`;
const message = (children: unknown[]) => ({
  title: 'worst case',
  initialMessage: { content: { blocks: [{ type: 'rich_text', elements: [{ type: 'paragraph', children }] }] } },
});

export type WorstBody = { name: string; method: string; path: string; body: string };

/** The largest bodies of each costly shape that fit in the 1 MiB limit. */
export const WORST_BODIES: WorstBody[] = [
  {
    name: 'an identity patch of 70,000 keys',
    method: 'PATCH',
    path: '/api/identity/settings/many',
    body: `{"patch":${manyKeys(70_000, '0')}}`,
  },
  {
    name: 'an identity patch removing 60,000 keys',
    method: 'PATCH',
    path: '/api/identity/settings/gone',
    body: `{"patch":${manyKeys(60_000, 'null')}}`,
  },
  {
    name: 'a navigation patch of 50,000 ranks',
    method: 'PATCH',
    path: '/api/streams/nav',
    body: `{"rankByStreamId":${manyKeys(50_000, '1')}}`,
  },
  {
    name: 'a message of 9,000 inline nodes',
    method: 'POST',
    path: '/api/streams',
    body: JSON.stringify(message(inlineNodes(9_000))),
  },
  {
    name: 'a message of 40,000 type-only nodes',
    method: 'POST',
    path: '/api/streams',
    body: JSON.stringify(message(Array.from({ length: 40_000 }, () => ({ type: 'x' })))),
  },
  {
    name: 'an identity patch nested 255 levels',
    method: 'PATCH',
    path: '/api/identity/settings/deep',
    body: `{"patch":${'{"a":'.repeat(254)}1${'}'.repeat(254)}}`,
  },
  // What the I-JSON check (src/lib/i-json.ts) reads slowest: escapes, numbers of 17 digits, one name twice in 70,000.
  {
    name: 'an identity patch of a string of 87,000 escaped surrogate pairs',
    method: 'PATCH',
    path: '/api/identity/settings/escapes',
    body: `{"patch":{"x":"${'\\ud83d\\ude00'.repeat(87_000)}"}}`,
  },
  {
    name: 'an identity patch of 52,000 numbers of 17 digits',
    method: 'PATCH',
    path: '/api/identity/settings/digits',
    body: `{"patch":{"x":[${fill('0.30000000000000004')}]}}`,
  },
  {
    name: 'an identity patch of 70,000 keys, the last one twice',
    method: 'PATCH',
    path: '/api/identity/settings/twice',
    body: `{"patch":${manyKeys(70_000, '0').replace(/}$/, ',"key-0":0}')}}`,
  },
  // Wrong everywhere: a validator that lists every error makes millions of them (several per value).
  {
    name: 'a message of 500,000 blocks that are each 1',
    method: 'POST',
    path: '/api/streams',
    body: blocks(fill('1')),
  },
  { name: 'a message of 340,000 empty blocks', method: 'POST', path: '/api/streams', body: blocks(fill('{}')) },
  {
    name: 'a paragraph of 340,000 empty inline nodes',
    method: 'POST',
    path: '/api/streams',
    body: blocks(`{"type":"rich_text","elements":[{"type":"paragraph","children":[${fill('{}', 200)}]}]}`),
  },
  {
    name: 'a stream of 500,000 members that are numbers',
    method: 'POST',
    path: '/api/streams',
    body: `{"title":"t","memberUserIds":[${fill('1')}]}`,
  },
  {
    name: 'a notification patch of 75,000 overrides that are numbers',
    method: 'PATCH',
    path: '/api/notifications/settings',
    body: `{"overrides":${manyKeys(75_000, '1')}}`,
  },
  {
    name: 'a navigation patch of 66,000 lastViewedAt that are not date-times',
    method: 'PATCH',
    path: '/api/streams/nav',
    body: `{"lastViewedAt":${manyKeys(66_000, '"x"')}}`,
  },
  // The most values a body may have and still have every error listed, each of them as costly to explain as can be.
  {
    name: `a paragraph of ${FULL_CHECK_VALUES - 10} empty inline nodes`,
    method: 'POST',
    path: '/api/streams',
    body: blocks(
      `{"type":"rich_text","elements":[{"type":"paragraph","children":[${Array(FULL_CHECK_VALUES - 10)
        .fill('{}')
        .join(',')}]}]}`,
    ),
  },
];

setFlagsFromString('--expose-gc');
/** A full collection of this process's heap (V8's `gc`, exposed by the flag above). */
export const collectGarbage = runInNewContext('gc') as () => void;

/** CPU time of the thread to parse `body` once (median of three): the floor no handling of it can go below. */
export function parseCost(body: string): number {
  const costs = [0, 1, 2].map(() => {
    const monitor = process.cpuUsage();
    JSON.parse(body);
    const spent = process.cpuUsage(monitor);
    return (spent.user + spent.system) / 1000;
  });
  return costs.sort((a, b) => a - b)[1]!;
}

export type Stall = { reply: RawResponse; longestMs: number; pings: number[] };

/**
 * Sends `worst` to an in-process service while /healthz is asked again and again, and measures the longest step the
 * event loop took meanwhile (CPU time of the thread: see monitorLoop).
 */
export async function measureStall(service: Service, worst: WorstBody): Promise<Stall> {
  const { method, path, body } = worst;
  await rawRequest(service, 'GET', '/healthz', {}); // warm
  // The validators of a route are compiled on its first request: that happens once per process, not per request.
  await rawRequest(service, method, path, { 'content-type': 'application/json' }, '{"x":[1');
  await rawRequest(
    service,
    method,
    path,
    { 'content-type': 'application/json' },
    `{"x":[${Array(FULL_CHECK_VALUES + 1)
      .fill(1)
      .join(',')}]}`,
  );
  // Garbage from earlier work, collected now, cannot land as a collection pause inside the measured request.
  collectGarbage();
  let done = false;
  const pings: number[] = [];
  const pinging = (async () => {
    while (!done) pings.push((await rawRequest(service, 'GET', '/healthz', {})).status);
  })();
  const monitor = monitorLoop();
  // Raw bytes both ways: the client's own JSON work must not count against the service.
  const reply = await rawRequest(service, method, path, { 'content-type': 'application/json' }, body);
  const longestMs = monitor.stop();
  done = true;
  await pinging;
  return { reply, longestMs, pings };
}
