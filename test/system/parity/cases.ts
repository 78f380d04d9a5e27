// One corpus of requests for the parity test: each case says what the service
// does with it. The mock must do the same, or the case names a known difference.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { isDateTime } from '../../../src/contract/formats.js';
import { loadSpec, specPath } from '../../../src/contract/spec.js';
import {
  DATE_TIMES_INVALID,
  DATE_TIMES_VALID,
  TIMES_INVALID,
  TIMES_VALID,
  UUIDS_INVALID,
  UUIDS_VALID,
} from '../../helpers/format-cases.js';
import { aDevice, aDraft, anAvailability, aPhase, NOTIFICATION_SOUNDS, text, uuid } from '../../helpers/factories.js';
import type { WireRequest } from '../edge-sweep/wire.js';
import { DIFFERENCES, type Difference } from './differences.js';
import { edgeCases } from './edge-cases.js';

export interface ParityCase {
  name: string;
  method: string;
  path: string;
  body?: unknown;
  contentType?: string;
  /** Header lines beyond the content type (a name may come twice). */
  headers?: [name: string, value: string][];
  /** 'accept' for any 2xx, else the exact status the service answers. */
  expect: 'accept' | number;
  /** Set where the mock cannot do what the service does: its row of mocks/reference.md's known differences. */
  knownDifference?: Difference;
  /** Sent as these bytes instead, for what Node's client cannot send (no Host, two, HTTP/1.0, a transfer coding). */
  wire?: WireRequest;
}

const EMOJI = '😀';
const put = (path: string, body: unknown, expect: ParityCase['expect'], name: string): ParityCase => ({
  name,
  method: 'PUT',
  path,
  body,
  expect,
});
const patch = (path: string, body: unknown, expect: ParityCase['expect'], name: string): ParityCase => ({
  name,
  method: 'PATCH',
  path,
  body,
  expect,
});
const draftPath = () => `/api/cycles/templates/${uuid()}/draft`;
const stream = (blocks: unknown[]) => ({ title: 'Parity', initialMessage: { content: { blocks } } });
const paragraph = (...children: unknown[]) => ({ type: 'rich_text', elements: [{ type: 'paragraph', children }] });

/**
 * Prism 5.16 bundles ajv-formats 2.1.1, which takes a second 60 where the
 * local time is 23:59 rather than where the time in UTC is (fixed in ajv-formats 3).
 */
function leapSecondInLocalTime(c: ParityCase, value: string): ParityCase {
  const differs = /T[0-9]{2}:[0-9]{2}:60/.test(value) && /T23:59:60/.test(value) !== isDateTime(value);
  if (!differs) return c;
  return { ...c, knownDifference: isDateTime(value) ? DIFFERENCES.leapSecondWithOffset : DIFFERENCES.localLeapSecond };
}

function formatCases(): ParityCase[] {
  const reads = (streamId: string) => ({ streamId, lastReadMessageId: uuid() });
  const viewed = (value: string, expect: ParityCase['expect'], why: string) =>
    leapSecondInLocalTime(patch('/api/streams/nav', { lastViewedAt: { s: value } }, expect, `date-time ${why}`), value);
  return [
    ...UUIDS_VALID.map((c) => put('/api/chat/reads', reads(c.value), 'accept', `uuid ${c.why}`)),
    ...UUIDS_INVALID.map((c) => put('/api/chat/reads', reads(c.value), 400, `uuid ${c.why}`)),
    ...DATE_TIMES_VALID.map((c) => viewed(c.value, 'accept', c.why)),
    ...DATE_TIMES_INVALID.map((c) => viewed(c.value, 400, c.why)),
    ...TIMES_VALID.map((c) =>
      patch(
        '/api/notifications/settings',
        { availability: anAvailability({ end: c.value }) },
        'accept',
        `HH:MM ${c.why}`,
      ),
    ),
    ...TIMES_INVALID.map((c) =>
      patch('/api/notifications/settings', { availability: anAvailability({ end: c.value }) }, 400, `HH:MM ${c.why}`),
    ),
  ];
}

function deviceCases(): ParityCase[] {
  const path = '/api/notifications/devices';
  const lengths: [string, number][] = [
    ['installationId', 128],
    ['appId', 255],
    ['token', 4096],
    ['appVersion', 64],
    ['appBuild', 64],
    ['osVersion', 64],
    ['deviceModel', 128],
    ['locale', 35],
    ['timeZone', 64],
  ];
  const enums: [string, string[], string[]][] = [
    ['platform', ['mobile_a', 'mobile_b', 'desktop_a', 'desktop_b', 'web'], ['ios', 'Web']],
    ['environment', ['sandbox', 'production'], ['prod']],
    ['formFactor', ['phone', 'tablet', 'desktop', 'watch'], ['tv']],
    ['appVariant', ['debug', 'beta_distribution', 'store', 'internal'], ['beta']],
    ['systemAuthorization', ['authorized', 'denied', 'provisional', 'ephemeral', 'not_determined'], ['granted']],
    ['backgroundRefreshStatus', ['available', 'denied', 'restricted'], ['on']],
    ['transport', ['push_gateway'], ['apns']],
  ];
  return [
    ...lengths.flatMap(([field, max]) => [
      put(path, aDevice({ [field]: text(max, EMOJI) }), 'accept', `device ${field} at ${max} characters`),
      put(path, aDevice({ [field]: text(max + 1) }), 400, `device ${field} over ${max}`),
      put(path, aDevice({ [field]: '' }), 400, `device ${field} empty`),
    ]),
    ...enums.flatMap(([field, values, misses]) => [
      ...values.map((value) => put(path, aDevice({ [field]: value }), 'accept', `device ${field} ${value}`)),
      ...misses.map((value) => put(path, aDevice({ [field]: value }), 400, `device ${field} near miss ${value}`)),
    ]),
    ...['installationId', 'appId', 'platform', 'token', 'environment', 'transport'].map((field) => {
      const { [field]: _omitted, ...device } = aDevice();
      return put(path, device, 400, `device without ${field}`);
    }),
    put(
      path,
      aDevice({ capabilities: Array.from({ length: 100 }, (_, i) => `c${i}`) }),
      'accept',
      'device 100 capabilities',
    ),
    put(
      path,
      aDevice({ capabilities: Array.from({ length: 101 }, (_, i) => `c${i}`) }),
      400,
      'device 101 capabilities',
    ),
    put(path, aDevice({ notificationSettings: { a: text(64, EMOJI) } }), 'accept', 'device setting value at 64'),
    put(path, aDevice({ notificationSettings: { a: text(65) } }), 400, 'device setting value over 64'),
    put(path, aDevice({ appVersion: null }), 400, 'device null field'),
    put(path, aDevice({ pushEnabled: 'yes' }), 400, 'device pushEnabled not boolean'),
    put(path, aDevice({ transportMetadata: { any: [1, { deep: true }] } }), 'accept', 'device free-form metadata'),
  ];
}

function draftCases(): ParityCase[] {
  const save = (body: unknown, expect: ParityCase['expect'], name: string) =>
    put(draftPath(), body, expect, `draft ${name}`);
  const phase = (overrides: Record<string, unknown>) => aDraft({ phasesTemplate: [aPhase(overrides)] });
  const id = uuid();
  return [
    save(aDraft(), 'accept', 'valid'),
    save(aDraft({ triggerName: `a${text(63, '-')}` }), 'accept', 'triggerName at 64'),
    save(aDraft({ triggerName: text(65) }), 400, 'triggerName over 64'),
    ...['-a', 'A', 'a_b', 'a b', ''].map((name) => save(aDraft({ triggerName: name }), 400, `triggerName "${name}"`)),
    save(aDraft({ description: null }), 'accept', 'description null'),
    save(aDraft({ description: text(5000, EMOJI) }), 'accept', 'description at 5000'),
    save(aDraft({ description: text(5001) }), 400, 'description over 5000'),
    save(aDraft({ phasesTemplate: [] }), 400, 'no phases'),
    save(aDraft({ phasesTemplate: Array.from({ length: 20 }, () => aPhase()) }), 'accept', '20 phases'),
    save(aDraft({ phasesTemplate: Array.from({ length: 21 }, () => aPhase()) }), 400, '21 phases'),
    save(phase({ goal: '' }), 400, 'empty goal'),
    save(phase({ goal: text(2000, EMOJI) }), 'accept', 'goal at 2000'),
    save(phase({ goal: text(2001) }), 400, 'goal over 2000'),
    save(
      phase({ instructions: null, phaseName: null, agentId: null, sourcePhaseId: null }),
      'accept',
      'nullable phase fields null',
    ),
    save(phase({ instructions: text(2001) }), 400, 'instructions over 2000'),
    save(phase({ phaseName: text(81) }), 400, 'phaseName over 80'),
    save(phase({ operatorPool: Array.from({ length: 101 }, (_, i) => `o${i}`) }), 400, '101 operators'),
    save(phase({ assetIds: Array.from({ length: 11 }, (_, i) => `a${i}`) }), 400, '11 assets'),
    save(phase({ id: null }), 400, 'phase id null'),
    save(phase({ autoAdvance: null }), 400, 'autoAdvance null'),
    save(aDraft({ expectedDraftUpdatedAt: '2026-02-29T00:00:00Z' }), 400, 'expectedDraftUpdatedAt not a date'),
    {
      ...save(aDraft({ phasesTemplate: [aPhase({ id }), aPhase({ id })] }), 400, 'repeated phase id'),
      knownDifference: DIFFERENCES.repeatedPhaseIds,
    },
    {
      name: 'draft template id not a uuid',
      method: 'PUT',
      path: '/api/cycles/templates/123/draft',
      body: aDraft(),
      expect: 400,
    },
  ];
}

function settingsCases(): ParityCase[] {
  const p = '/api/notifications/settings';
  return [
    ...NOTIFICATION_SOUNDS.map((sound) => patch(p, { sound }, 'accept', `sound ${sound}`)),
    ...['Boing', 'ding', ''].map((sound) => patch(p, { sound }, 400, `sound near miss "${sound}"`)),
    patch(p, { sound: null }, 'accept', 'sound null removes'),
    patch(p, {}, 'accept', 'empty patch'),
    patch(p, { channels: { mobile: {} } }, 400, 'mobile without enabled'),
    patch(p, { channels: { mobile: null } }, 'accept', 'mobile null removes'),
    patch(p, { availability: { enabled: true } }, 400, 'availability incomplete'),
    patch(p, { availability: anAvailability({ days: [0, 7, 99] }) }, 'accept', 'any day numbers'),
    patch(p, { defaults: { stream: { until: '2030-01-01T00:00:00Z' } } }, 400, 'rule without channels'),
    patch(p, { defaults: { stream: { channels: {}, until: null } } }, 'accept', 'rule until null'),
    patch(
      p,
      { overrides: { s: { channels: { mobile: { main: 'all', sessions: 'none' } } } } },
      400,
      'rule level not in enum',
    ),
    patch(p, { overrides: { s: null } }, 'accept', 'override null removes'),
    patch(p, { vips: { u: {} } }, 400, 'vip without bypass'),
    patch(p, { vips: { u: { bypass: true } } }, 'accept', 'vip'),
    patch(p, { channels: { mobile: { enabled: null } } }, 400, 'enabled null'),
  ];
}

function otherCases(): ParityCase[] {
  const nested = (depth: number): unknown =>
    depth === 0
      ? { type: 'text', text: 'leaf' }
      : { type: 'list', listType: 'bullet', children: [{ type: 'list_item', children: [nested(depth - 1)] }] };
  const deepPatch = `{"patch":${'{"a":'.repeat(300)}1${'}'.repeat(300)}}`;
  return [
    patch(
      '/api/streams/nav',
      { grouping: 'any', leftSidebarWidth: 300, rankByStreamId: { a: 1 }, pinnedStreamIds: ['x'] },
      'accept',
      'nav fields',
    ),
    patch('/api/streams/nav', { leftSidebarWidth: 1.5 }, 400, 'nav width fraction'),
    patch('/api/streams/nav', { rankByStreamId: { a: 'x' } }, 400, 'nav rank not integer'),
    patch('/api/streams/nav', { sort: null, rankByStreamId: { a: null } }, 'accept', 'nav nulls remove'),
    patch('/api/streams/nav', { sort: 'x' }, 'accept', 'nav as application/json'),
    {
      ...patch('/api/streams/nav', { sort: 'x' }, 'accept', 'nav as application/merge-patch+json'),
      contentType: 'application/merge-patch+json',
    },
    patch('/api/identity/settings/profile', { patch: { a: 1, b: { c: [null] } } }, 'accept', 'identity patch'),
    patch('/api/identity/settings/profile', { patch: [] }, 400, 'identity patch not object'),
    patch('/api/identity/settings/profile', {}, 400, 'identity without patch'),
    put(
      '/api/chat/reads',
      { streamId: uuid(), lastReadMessageId: uuid(), threadSessionId: uuid() },
      'accept',
      'thread marker',
    ),
    put(
      '/api/chat/reads',
      { streamId: uuid(), lastReadMessageId: uuid(), threadSessionId: null },
      400,
      'threadSessionId null',
    ),
    put('/api/chat/reads', { streamId: uuid() }, 400, 'marker without message id'),
    { name: 'stream title only', method: 'POST', path: '/api/streams', body: { title: 'x' }, expect: 'accept' },
    { name: 'stream without title', method: 'POST', path: '/api/streams', body: { visibility: 'x' }, expect: 400 },
    {
      name: 'stream every block',
      method: 'POST',
      path: '/api/streams',
      expect: 'accept',
      body: stream([
        paragraph({ type: 'text', text: 'a', style: { bold: true } }),
        { type: 'markdown', markdown: 'm' },
        { type: 'asset', assetId: uuid(), fileName: 'f', contentType: 'c' },
        { type: 'component', component: 'c', options: [] },
      ]),
    },
    {
      name: 'stream lists 30 deep',
      method: 'POST',
      path: '/api/streams',
      body: stream([{ type: 'rich_text', elements: [nested(30)] }]),
      expect: 'accept',
    },
    {
      name: 'stream overlapping variants',
      method: 'POST',
      path: '/api/streams',
      expect: 'accept',
      body: stream([{ type: 'rich_text', elements: [{ type: 'paragraph', children: [] }], markdown: 'both' }]),
    },
    {
      name: 'stream text node valid only as type-only',
      method: 'POST',
      path: '/api/streams',
      expect: 'accept',
      body: stream([
        paragraph({ type: 'text', text: 'a', style: { bold: 'yes' } }, { type: 'text', text: 5, url: [] }),
      ]),
    },
    {
      name: 'stream node without type',
      method: 'POST',
      path: '/api/streams',
      body: stream([paragraph({ text: 'x' })]),
      expect: 400,
    },
    {
      name: 'stream block matching no variant',
      method: 'POST',
      path: '/api/streams',
      body: stream([{ type: 'rich_text' }]),
      expect: 400,
    },
    {
      name: 'stream asset id not a uuid',
      method: 'POST',
      path: '/api/streams',
      body: stream([{ type: 'asset', assetId: 'x', fileName: 'f', contentType: 'c' }]),
      expect: 400,
    },
    {
      ...patch(
        '/api/identity/settings/profile',
        { patch: { a: 1 } },
        'accept',
        'identity patch as application/merge-patch+json',
      ),
      contentType: 'application/merge-patch+json',
    },
    {
      ...put(
        '/api/chat/reads',
        { streamId: uuid(), lastReadMessageId: uuid() },
        415,
        'marker as application/merge-patch+json',
      ),
      contentType: 'application/merge-patch+json',
      knownDifference: DIFFERENCES.jsonSuffix,
    },
    {
      name: 'stream as application/merge-patch+json',
      method: 'POST',
      path: '/api/streams',
      body: { title: 'x' },
      contentType: 'application/merge-patch+json',
      expect: 415,
      knownDifference: DIFFERENCES.jsonSuffix,
    },
    { name: 'malformed JSON', method: 'PUT', path: '/api/chat/reads', body: '{"streamId":', expect: 400 },
    { name: 'POST without a body', method: 'POST', path: '/api/streams', expect: 400 },
    { name: 'PATCH without a body', method: 'PATCH', path: '/api/streams/nav', expect: 400 },
    {
      name: 'PUT with a JSON content type and an empty body',
      method: 'PUT',
      path: '/api/chat/reads',
      contentType: 'application/json',
      expect: 400,
    },
    {
      name: 'text/plain body',
      method: 'PUT',
      path: '/api/chat/reads',
      body: '{}',
      contentType: 'text/plain',
      expect: 415,
    },
    { name: 'unknown route', method: 'GET', path: '/api/nothing-here', expect: 404 },
    { name: 'wrong method', method: 'DELETE', path: '/api/streams/nav', expect: 405 },
    { name: 'stream id not a uuid', method: 'GET', path: '/api/streams/general', expect: 400 },
    { name: 'list with an empty cursor=', method: 'GET', path: '/api/notifications/devices?cursor=', expect: 400 },
    { name: 'list with an empty limit=', method: 'GET', path: `/api/chat/reads/${uuid()}?limit=`, expect: 400 },
    {
      name: 'device path id over 128',
      method: 'DELETE',
      path: `/api/notifications/devices/app/${text(129)}`,
      expect: 400,
    },
    {
      ...patch('/api/identity/settings/deep', deepPatch, 400, 'body nested 300 levels'),
      knownDifference: DIFFERENCES.deepBody,
    },
    {
      ...put(
        '/api/chat/reads',
        { streamId: uuid(), lastReadMessageId: uuid(), pad: text(1024 * 1024) },
        413,
        'body over 1 MiB',
      ),
      knownDifference: DIFFERENCES.largeBody,
    },
  ];
}

/** Every request example of openapi.yaml, sent as its first media type, to its path with fresh ids. */
function requestExampleCases(): ParityCase[] {
  return Object.entries(loadSpec().paths).flatMap(([template, item]) =>
    Object.entries(item).flatMap(([method, operation]) => {
      const content = (
        operation as { requestBody?: { content: Record<string, { examples?: Record<string, { $ref: string }> }> } }
      ).requestBody?.content;
      const [contentType, media] = Object.entries(content ?? {})[0] ?? [];
      const path = template.replace('{templateId}', uuid()).replace('{namespace}', 'profile');
      return Object.entries(media?.examples ?? {}).map(([name, { $ref }]) => ({
        name: `request example ${name}`,
        method: method.toUpperCase(),
        path,
        contentType,
        expect: 'accept' as const,
        body: (JSON.parse(readFileSync(join(dirname(specPath), $ref), 'utf8')) as { value: unknown }).value,
      }));
    }),
  );
}

export const parityCases: ParityCase[] = [
  ...formatCases(),
  ...deviceCases(),
  ...draftCases(),
  ...settingsCases(),
  ...otherCases(),
  ...requestExampleCases(),
  ...edgeCases(),
];
