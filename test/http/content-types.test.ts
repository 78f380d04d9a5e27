import { expect } from 'chai';
import { RequestValidator } from 'express-openapi-validator/dist/middlewares/openapi.request.validator.js';
import { ResponseValidator } from 'express-openapi-validator/dist/middlewares/openapi.response.validator.js';
import { loadSpec } from '../../src/contract/spec.js';
import { call } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

const JSON_ONLY = ['application/json'];
const MERGE_PATCH = ['application/json', 'application/merge-patch+json'];

/** The media types each write operation takes, as openapi.yaml's Requests section states them, with a valid body. */
const OPERATIONS: [operationId: string, method: string, path: () => string, body: () => unknown, types: string[]][] = [
  ['createStream', 'POST', () => '/api/streams', () => ({ title: 't' }), JSON_ONLY],
  ['registerDevice', 'PUT', () => '/api/notifications/devices', () => aDevice(), JSON_ONLY],
  ['saveCycleTemplateDraft', 'PUT', () => `/api/cycles/templates/${uuid()}/draft`, () => aDraft(), JSON_ONLY],
  ['markRead', 'PUT', () => '/api/chat/reads', () => ({ streamId: uuid(), lastReadMessageId: uuid() }), JSON_ONLY],
  ['patchNotificationSettings', 'PATCH', () => '/api/notifications/settings', () => ({ sound: 'boing' }), MERGE_PATCH],
  ['patchNavigationPreferences', 'PATCH', () => '/api/streams/nav', () => ({ sort: 'recent' }), MERGE_PATCH],
  [
    'patchIdentitySettings',
    'PATCH',
    () => `/api/identity/settings/${uuid()}`,
    () => ({ patch: { a: 1 } }),
    MERGE_PATCH,
  ],
];

const declared = new Map(
  Object.values(loadSpec().paths).flatMap((item) =>
    Object.values(item).map((operation) => {
      const { operationId, requestBody } = operation as { operationId: string; requestBody?: { content: object } };
      return [operationId, requestBody ? Object.keys(requestBody.content) : []] as const;
    }),
  ),
);

describe('the media types each operation takes', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  const send = (method: string, path: string, body: unknown, type: string) =>
    call(service, method, path, { body: JSON.stringify(body), headers: { 'content-type': type } });

  it('when openapi.yaml is read, then every operation with a body declares exactly the media types listed here', () => {
    const withBodies = [...declared].filter(([, types]) => types.length > 0);
    expect(Object.fromEntries(withBodies)).to.deep.equal(
      Object.fromEntries(OPERATIONS.map(([id, , , , types]) => [id, types])),
    );
  });

  for (const [operationId, method, path, body, types] of OPERATIONS) {
    it(`${operationId}: when the body is ${types.join(' or ')} (any case, charset=utf-8), then it is taken; any other type gets 415`, async () => {
      for (const type of [...types, 'Application/JSON', 'application/json; charset=utf-8']) {
        const reply = await send(method, path(), body(), type);
        expect(reply.status, `${type}: ${JSON.stringify(reply.body)}`).to.be.within(200, 201);
      }
      const refused = [
        'text/plain',
        'application/x-www-form-urlencoded',
        'application/vnd.api+json',
        'application/json; charset=latin1',
        ...MERGE_PATCH.filter((type) => !types.includes(type)),
      ];
      for (const type of refused) {
        const reply = await send(method, path(), body(), type);
        expect(reply.status, type).to.equal(415);
        expect(reply.body.type).to.equal('urn:problem:collab:unsupported-media-type');
      }
    });
  }

  describe('Content-Types the contract does not name', () => {
    /**
     * How many checks express-openapi-validator has compiled, of requests and of responses (the service under test
     * checks both); each is kept for ever under its cache key.
     */
    let compiled = 0;
    const builders = [
      [RequestValidator.prototype, 'buildMiddleware'],
      [ResponseValidator.prototype, 'buildValidators'],
    ] as const;
    const builds = builders.map(([prototype, name]) => Object.getOwnPropertyDescriptor(prototype, name)!);
    before(() => {
      builders.forEach(([prototype, name], index) => {
        const build = builds[index]!;
        Object.defineProperty(prototype, name, {
          ...build,
          value(this: unknown, ...args: unknown[]) {
            compiled++;
            return (build.value as (...args: unknown[]) => unknown).apply(this, args);
          },
        });
      });
    });
    after(() => {
      builders.forEach(([prototype, name], index) => Object.defineProperty(prototype, name, builds[index]!));
    });

    it('when 60 requests each send a Content-Type of their own (on a GET, as parameters of JSON, or another type), then each is answered by its media type alone and the validator compiles no check for any', async () => {
      const stream = (await send('POST', '/api/streams', { title: 't' }, 'application/json')).body.id as string;
      await send('PUT', '/api/notifications/devices', aDevice(), 'application/json');
      await call(service, 'GET', `/api/streams/${stream}`);
      const before = compiled;
      for (let index = 0; index < 20; index++) {
        const read = await call(service, 'GET', `/api/streams/${stream}`, {
          headers: { 'content-type': `text/x-${index}` },
        });
        expect(read.status, JSON.stringify(read.body)).to.equal(200);
        const taken = await send('PUT', '/api/notifications/devices', aDevice(), `application/json; n=${index}`);
        expect(taken.status, JSON.stringify(taken.body)).to.be.within(200, 201);
        const refused = await send('PUT', '/api/notifications/devices', aDevice(), `text/x-${index}`);
        expect(refused.status).to.equal(415);
        expect(refused.body.detail).to.equal(
          `Send the body as application/json; text/x-${index} is not accepted here.`,
        );
      }
      expect(compiled - before, 'checks compiled for the 60 requests').to.equal(0);
    });

    it('when the probes, which take no token, each get a Content-Type of their own, then the validator compiles no check for any, of the request or of its answer', async () => {
      await call(service, 'GET', '/healthz');
      await call(service, 'GET', '/readyz');
      const before = compiled;
      for (let index = 0; index < 20; index++) {
        for (const path of ['/healthz', '/readyz']) {
          const probe = await call(service, 'GET', path, {
            headers: { 'content-type': `application/json; n=${index}` },
          });
          expect(probe.status, path).to.equal(200);
        }
      }
      expect(compiled - before, 'checks compiled for the 40 probes').to.equal(0);
    });

    it('when the sandbox logs a request whose Content-Type has parameters, then it keeps the header as sent, not the media type the validator was shown', async () => {
      const sandbox = await startSandbox();
      try {
        const headers = { 'x-sandbox-session': 'types', 'content-type': 'application/json; n=1' };
        const sent = await call(sandbox, 'PUT', '/api/notifications/devices', {
          body: JSON.stringify(aDevice()),
          headers,
        });
        expect(sent.status, JSON.stringify(sent.body)).to.equal(201);
        const logged = await call(sandbox, 'GET', '/sandbox/requests/1', { headers: { 'x-sandbox-session': 'types' } });
        expect(logged.body.requestHeaders).to.include({ 'content-type': 'application/json; n=1' });
      } finally {
        await sandbox.close();
      }
    });
  });

  describe('PATCH /api/identity/settings/{namespace} as application/merge-patch+json', () => {
    it('when the wrapper is sent, then its patch member merges into the settings, as with application/json', async () => {
      const path = `/api/identity/settings/${uuid()}`;
      await send('PATCH', path, { patch: { theme: { mode: 'dark', accent: 'blue' }, a: 1 } }, 'application/json');
      const reply = await send(
        'PATCH',
        path,
        { patch: { theme: { accent: null }, b: 2 } },
        'application/merge-patch+json',
      );
      expect(reply.status).to.equal(200);
      expect(reply.body.settings).to.deep.equal({ theme: { mode: 'dark' }, a: 1, b: 2 });
    });
    it('when a merge patch of the whole resource is sent instead of the wrapper, then 400 names /body/patch', async () => {
      const reply = await send(
        'PATCH',
        `/api/identity/settings/${uuid()}`,
        { settings: { a: 1 } },
        'application/merge-patch+json',
      );
      expect(reply.status).to.equal(400);
      expect(reply.body.errors.map((error: { path: string }) => error.path)).to.deep.equal(['/body/patch']);
    });
  });
});
