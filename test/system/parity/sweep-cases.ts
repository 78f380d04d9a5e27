// The cases behind the rows the edge sweep (test/system/edge-sweep.test.ts) names: one or a few of each, so the
// table shows what the mock answers; the sweep sends every operation the same edges. The framing cases are no row: the
// patched mock answers them as the service does (patches/README.md), and the corpus holds it to that.
import { uuid } from '../../helpers/factories.js';
import type { WireRequest } from '../edge-sweep/wire.js';
import type { ParityCase } from './cases.js';
import { DIFFERENCES } from './differences.js';

const marker = () => JSON.stringify({ streamId: uuid(), lastReadMessageId: uuid() });
const json = (method: string, path: string, body: string): WireRequest => ({
  method,
  path,
  body,
  contentType: 'application/json',
});
const onWire = (
  name: string,
  wire: WireRequest,
  expect: ParityCase['expect'],
  knownDifference?: ParityCase['knownDifference'],
): ParityCase => ({
  name,
  method: wire.method,
  path: wire.path,
  wire,
  expect,
  ...(knownDifference ? { knownDifference } : {}),
});

export function sweepCases(): ParityCase[] {
  const { integerNotation, notIJson, bodyWhereNoneIsRead } = DIFFERENCES;
  const settings = `/api/identity/settings/sweep-${uuid()}`;
  return [
    onWire('POST /api/streams/', json('POST', '/api/streams/', '{"title":"x"}'), 404),
    onWire('PUT /api/chat/reads/', json('PUT', '/api/chat/reads/', marker()), 404),
    onWire('GET /api/streams/nav;v=2', { method: 'GET', path: '/api/streams/nav;v=2' }, 404),
    onWire('PATCH /api/identity/settings/x;v=2', json('PATCH', '/api/identity/settings/x;v=2', '{"patch":{}}'), 404),
    ...['0x2', '%2B2', '2.0', '1e1'].map((limit) =>
      onWire(
        `devices?limit=${limit}`,
        { method: 'GET', path: `/api/notifications/devices?limit=${limit}` },
        400,
        integerNotation,
      ),
    ),
    ...['{"a":1,"a":2}', '{"a":"\\ud800"}', '{"a":9007199254740993}'].map((patch) =>
      onWire(`identity settings ${patch}`, json('PATCH', settings, `{"patch":${patch}}`), 400, notIJson),
    ),
    onWire('GET with a JSON body', json('GET', '/api/streams/nav', '{"a":1}'), 'accept', bodyWhereNoneIsRead),
    onWire('BREW', { method: 'BREW', path: '/api/streams/nav' }, 400),
    onWire('no Host', { method: 'GET', path: '/api/streams/nav', hosts: 0 }, 400),
    onWire('two Host fields', { method: 'GET', path: '/api/streams/nav', hosts: 2 }, 400),
    onWire(
      'Transfer-Encoding: junk, chunked',
      { ...json('PUT', '/api/chat/reads', marker()), transferEncoding: 'junk, chunked' },
      400,
    ),
    onWire(
      'HTTP/1.0 with Transfer-Encoding',
      { ...json('PUT', '/api/chat/reads', marker()), version: '1.0', transferEncoding: 'chunked' },
      400,
    ),
    onWire('Expect: junk', { method: 'GET', path: '/api/streams/nav', fields: [['Expect', 'junk']] }, 'accept'),
  ];
}
