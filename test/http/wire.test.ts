import { expect } from 'chai';
import { createApp } from '../../src/app.js';
import { loadSpec } from '../../src/contract/spec.js';
import { MAX_BODY_DEPTH } from '../../src/lib/json-depth.js';
import type { Store } from '../../src/store/store.js';
import { call, pathsOf } from '../helpers/client.js';
import { aDevice, uuid } from '../helpers/factories.js';
import { rawRequest } from '../helpers/raw.js';
import { startService, type Service } from '../helpers/service.js';

const BODY_ROUTES: [method: string, path: string][] = [
  ['POST', '/api/streams'],
  ['PATCH', '/api/notifications/settings'],
  ['PUT', '/api/notifications/devices'],
  ['PATCH', '/api/streams/nav'],
  ['PUT', `/api/cycles/templates/${uuid()}/draft`],
  ['PATCH', '/api/identity/settings/profile'],
  ['PUT', '/api/chat/reads'],
];

const expectProblem = (
  reply: { status: number; headers: Headers; body: Record<string, unknown> },
  status: number,
  kind: string,
) => {
  expect(reply.status).to.equal(status);
  expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
  expect(reply.body).to.include({ status, type: `urn:problem:collab:${kind}` });
  expect(reply.body.title).to.be.a('string').and.not.empty;
  expect(reply.body.detail).to.be.a('string').and.not.empty;
};

/** An identity patch whose body nests `depth` levels. */
const nestedPatch = (depth: number) => `{"patch":${'{"a":'.repeat(depth - 1)}1${'}'.repeat(depth - 1)}}`;

describe('bad input on the wire', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  describe('malformed JSON', () => {
    for (const [method, path] of BODY_ROUTES) {
      for (const body of ['{"title": ', '{title: "x"}', '{"a":1}x', "{'a':1}", '"just a string"', 'nul']) {
        it(`when ${method} ${path.split('/').slice(0, 4).join('/')} gets ${JSON.stringify(body)}, then 400 malformed-json`, async () => {
          expectProblem(await call(service, method, path, { body }), 400, 'malformed-json');
        });
      }
    }
    for (const [method, path] of BODY_ROUTES) {
      it(`when ${method} ${path.split('/').slice(0, 4).join('/')} gets an empty body, then 400 says it is empty`, async () => {
        const reply = await rawRequest(service, method, path, {
          'content-type': 'application/json',
          'content-length': '0',
        });
        expect(reply.status).to.equal(400);
        expect(reply.headers['content-type']).to.match(/^application\/problem\+json/);
        expect(JSON.parse(reply.text)).to.include({
          type: 'urn:problem:collab:malformed-json',
          detail: 'The body is empty; send a JSON document.',
        });
      });
    }
    it('when the body is only whitespace, then 400 malformed-json', async () => {
      expectProblem(await call(service, 'PATCH', '/api/streams/nav', { body: '  \n ' }), 400, 'malformed-json');
    });
  });

  describe('content types', () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'application/xml',
      'multipart/form-data; boundary=x',
    ]) {
      it(`when the body is ${type}, then 415`, async () => {
        expectProblem(
          await call(service, 'PUT', '/api/chat/reads', { body: '{}', headers: { 'content-type': type } }),
          415,
          'unsupported-media-type',
        );
      });
    }
    it('when a body comes without a content type, then 415', async () => {
      const reply = await rawRequest(service, 'PUT', '/api/chat/reads', { 'content-length': '2' }, '{}');
      expect(reply.status).to.equal(415);
      expect(JSON.parse(reply.text).type).to.equal('urn:problem:collab:unsupported-media-type');
    });
    it('when application/merge-patch+json is sent to a PUT, then 415 (only PATCH takes it)', async () => {
      const reply = await call(service, 'PUT', '/api/notifications/devices', {
        body: aDevice(),
        headers: { 'content-type': 'application/merge-patch+json' },
      });
      expectProblem(reply, 415, 'unsupported-media-type');
    });
    it('when the charset is utf-8, then it is accepted; when latin1, then 415', async () => {
      const ok = await call(service, 'PUT', '/api/notifications/devices', {
        body: aDevice(),
        headers: { 'content-type': 'application/json; charset=utf-8' },
      });
      expect(ok.status).to.equal(201);
      const latin = await call(service, 'PUT', '/api/notifications/devices', {
        body: aDevice(),
        headers: { 'content-type': 'application/json; charset=latin1' },
      });
      expectProblem(latin, 415, 'unsupported-media-type');
    });
  });

  describe('size and depth', () => {
    it('when the body is over 1 MiB, then 413', async () => {
      const reply = await call(service, 'POST', '/api/streams', { body: { title: 'x'.repeat(1024 * 1024) } });
      expectProblem(reply, 413, 'payload-too-large');
    });
    it('when the body is just under 1 MiB, then it is accepted', async () => {
      const reply = await call(service, 'POST', '/api/streams', { body: { title: 'x'.repeat(1024 * 1024 - 100) } });
      expect(reply.status).to.equal(201);
    });
    it(`when a body nests ${MAX_BODY_DEPTH} levels, then it is accepted; one more, then 400 naming /body`, async () => {
      const ok = await call(service, 'PATCH', '/api/identity/settings/deep', { body: nestedPatch(MAX_BODY_DEPTH) });
      expect(ok.status).to.equal(200);
      const deep = await call(service, 'PATCH', '/api/identity/settings/deep', {
        body: nestedPatch(MAX_BODY_DEPTH + 1),
      });
      expectProblem(deep, 400, 'validation-failed');
      expect(pathsOf(deep)).to.deep.equal(['/body']);
    });
    it('when a content tree nests 100,000 levels, then 400, not a crash', async () => {
      const body = `{"title":"t","initialMessage":{"content":{"blocks":${'['.repeat(100_000)}${']'.repeat(100_000)}}}}`;
      expectProblem(await call(service, 'POST', '/api/streams', { body }), 400, 'validation-failed');
    });
  });

  describe('routes and methods', () => {
    for (const path of ['/', '/api', '/api/unknown', '/api/streams/nav/extra', '/healthz/x']) {
      it(`when ${path} is requested, then 404`, async () => {
        expectProblem(await call(service, 'GET', path), 404, 'not-found');
      });
    }
    const allowed: [string, string, string[]][] = [
      ['DELETE', '/api/streams', ['POST']],
      ['PUT', '/api/streams/nav', ['GET', 'PATCH']],
      ['POST', '/api/notifications/devices', ['GET', 'PUT']],
      ['DELETE', '/api/chat/reads', ['PUT']],
      ['POST', `/api/cycles/templates/${uuid()}/draft`, ['GET', 'PUT']],
      ['PATCH', `/api/streams/${uuid()}`, ['GET']],
    ];
    for (const [method, path, allow] of allowed) {
      it(`when ${method} ${path.replace(/[0-9a-f-]{36}/, '{id}')}, then 405 with Allow: ${allow.join(', ')}`, async () => {
        const reply = await call(service, method, path, { body: {} });
        expectProblem(reply, 405, 'method-not-allowed');
        expect(reply.headers.get('allow')?.split(', ')).to.have.members(allow);
      });
    }
    it('when an unknown query parameter is sent, then it is ignored (as the mock ignores it)', async () => {
      const reply = await call(service, 'GET', '/api/notifications/devices?cacheBuster=2');
      expect(reply.status).to.equal(200);
      expect(reply.body).to.have.property('items').that.is.an('array');
    });
  });

  describe('prototype keys are plain data in every map', () => {
    const KEYS = ['__proto__', 'constructor', 'prototype', 'hasOwnProperty', 'toString'];
    const map = (value: unknown) => `{${KEYS.map((key) => `"${key}":${JSON.stringify(value)}`).join(',')}}`;
    const cases: [string, string, string, (body: Record<string, unknown>) => unknown][] = [
      ['PATCH', '/api/notifications/settings', `{"overrides":${map({ channels: {} })}}`, (b) => b.overrides],
      ['PATCH', '/api/notifications/settings', `{"vips":${map({ bypass: true })}}`, (b) => b.vips],
      ['PATCH', '/api/streams/nav', `{"rankByStreamId":${map(1)}}`, (b) => b.rankByStreamId],
      ['PATCH', '/api/streams/nav', `{"lastViewedAt":${map('2026-01-01T00:00:00Z')}}`, (b) => b.lastViewedAt],
      [
        'PUT',
        '/api/notifications/devices',
        JSON.stringify(aDevice()).replace(/}$/, `,"notificationSettings":${map('on')}}`),
        (b) => b.notificationSettings,
      ],
      [
        'PUT',
        '/api/notifications/devices',
        JSON.stringify(aDevice()).replace(/}$/, `,"transportMetadata":${map({ deep: 1 })}}`),
        (b) => b.transportMetadata,
      ],
      ['PATCH', '/api/identity/settings/__proto__', `{"patch":${map({ polluted: true })}}`, (b) => b.settings],
    ];
    for (const [method, path, body, pick] of cases) {
      it(`when ${path} gets them in ${body.slice(1, body.indexOf('"', 2))}, then they round-trip and Object.prototype stays clean`, async () => {
        const reply = await call(service, method, path, { body });
        expect(reply.status, JSON.stringify(reply.body)).to.be.oneOf([200, 201]);
        const stored = pick(reply.body) as Record<string, unknown>;
        expect(Object.keys(stored)).to.have.members(KEYS);
        expect(Object.getPrototypeOf(stored)).to.equal(Object.prototype);
        expect(Object.keys(Object.prototype)).to.deep.equal([]);
        expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
      });
    }
  });

  it('when all of the above has been sent, then the service still serves', async () => {
    expect((await call(service, 'GET', '/healthz')).body).to.deep.equal({ status: 'ok' });
  });
});

describe('a bug inside the service', () => {
  it('when a handler fails unexpectedly, then 500 problem without internals', async () => {
    const broken: Store = {
      get: async () => {
        throw new Error('secret: /var/lib/collab/db.json is locked by pid 4242');
      },
      list: async () => [],
      update: async () => {
        throw new Error('secret internals');
      },
      ping: async () => {},
      close: async () => {},
    };
    const server = createApp({
      config: { bodyLimit: 1024, validateResponses: true },
      contract: loadSpec(),
      store: broken,
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as { port: number };
    try {
      const reply = await fetch(`http://127.0.0.1:${port}/api/streams/nav`);
      const text = await reply.text();
      expect(reply.status).to.equal(500);
      expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect(JSON.parse(text)).to.deep.equal({
        type: 'urn:problem:collab:internal',
        title: 'Internal error',
        status: 500,
        detail: 'Something went wrong on our side.',
        requestId: reply.headers.get('x-request-id'),
      });
      expect(text).to.not.match(/secret|pid|at |\.ts/);
    } finally {
      server.close();
    }
  });
});
