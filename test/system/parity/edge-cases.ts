// The corpus's edges of HTTP: methods, header lines, media types, percent-encodings and
// parameter names a client can send, each with what the service answers.
import { aDraft, uuid } from '../../helpers/factories.js';
import type { ParityCase } from './cases.js';
import { DIFFERENCES } from './differences.js';
import { sweepCases } from './sweep-cases.js';

const UNPARSABLE_TYPES = ['undefined', 'application/', 'application/json, text/plain'];
const ACCEPTS = ['application/problem+json', 'text/html', 'text', '*/*;q=0'];
/** GETs a fresh service answers 200, so their HEAD needs no state. */
const STATELESS_GETS = ['/healthz', '/readyz', '/metrics', '/api/streams/nav', '/api/notifications/settings'];
const marker = () => ({ streamId: uuid(), lastReadMessageId: uuid() });

function headCases(): ParityCase[] {
  return [
    ...[...STATELESS_GETS, '/api/notifications/devices', `/api/chat/reads/${uuid()}`].map((path) => ({
      name: `HEAD ${path.replace(/[0-9a-f-]{36}/, '{streamId}')}`,
      method: 'HEAD',
      path,
      expect: 'accept' as const,
    })),
    { name: 'HEAD where only POST is', method: 'HEAD', path: '/api/streams', expect: 405 },
    { name: 'HEAD with a malformed percent-encoding', method: 'HEAD', path: '/api/identity/settings/%ZZ', expect: 400 },
  ];
}

function mediaTypeCases(): ParityCase[] {
  return UNPARSABLE_TYPES.flatMap((contentType): ParityCase[] => [
    {
      name: `marker as ${contentType}`,
      method: 'PUT',
      path: '/api/chat/reads',
      body: marker(),
      contentType,
      expect: 415,
    },
    {
      name: `stream as ${contentType}`,
      method: 'POST',
      path: '/api/streams',
      body: { title: 'x' },
      contentType,
      expect: 415,
    },
    {
      name: `nav patch as ${contentType}`,
      method: 'PATCH',
      path: '/api/streams/nav',
      body: {},
      contentType,
      expect: 415,
    },
    {
      name: `GET with no body as ${contentType}`,
      method: 'GET',
      path: '/api/streams/nav',
      contentType,
      expect: 'accept',
    },
  ]);
}

function acceptCases(): ParityCase[] {
  return ACCEPTS.map((accept): ParityCase => ({
    name: `GET asking for Accept: ${accept}`,
    method: 'GET',
    path: '/api/streams/nav',
    headers: [['Accept', accept]],
    expect: 'accept',
  }));
}

function percentEncodingCases(): ParityCase[] {
  const templates: [method: string, template: string, body?: unknown][] = [
    ['GET', '/api/identity/settings/{}'],
    ['PATCH', '/api/identity/settings/{}', { patch: { a: 1 } }],
    ['GET', '/api/streams/{}'],
    ['GET', '/api/chat/reads/{}'],
    ['PUT', '/api/cycles/templates/{}/draft', aDraft()],
    ['DELETE', '/api/notifications/devices/com.x/{}'],
    ['DELETE', '/api/notifications/devices/{}/6f1c2a9e'],
  ];
  return templates.flatMap(([method, template, body]) =>
    ['%ZZ', '%E0%A4%A'].map((malformed) => ({
      name: `${method} ${template.replace('{}', malformed)}`,
      method,
      path: template.replace('{}', malformed),
      body,
      expect: 400,
    })),
  );
}

function headerAndQueryCases(): ParityCase[] {
  const devices = (query: string, expect: ParityCase['expect']): ParityCase => ({
    name: `devices?${query}`,
    method: 'GET',
    path: `/api/notifications/devices?${query}`,
    expect,
  });
  const create = (keys: string[], expect: ParityCase['expect']): ParityCase => ({
    name: `create with ${keys.length} Idempotency-Key lines ${keys.join(' ')}`,
    method: 'POST',
    path: '/api/streams',
    body: { title: 'Keys' },
    headers: keys.map((key) => ['Idempotency-Key', key]),
    expect,
  });
  return [
    devices('LIMIT=2000', 'accept'),
    devices('Limit=0&CURSOR=', 'accept'),
    devices('limit=2000', 400),
    { ...devices('limit[]=5000', 400), knownDifference: DIFFERENCES.bracketedQueryName },
    create([`k-${uuid()}`, `l-${uuid()}`], 'accept'),
    create([`"${uuid()}"`, `"${uuid()}"`], 400),
  ];
}

export function edgeCases(): ParityCase[] {
  return [
    ...headCases(),
    ...mediaTypeCases(),
    ...acceptCases(),
    ...percentEncodingCases(),
    ...headerAndQueryCases(),
    ...sweepCases(),
  ];
}
