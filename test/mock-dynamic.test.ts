import { expect } from 'chai';
import { contractAjv } from '../src/contract/contract-ajv.js';
import { loadSpec } from '../src/contract/spec.js';
import { call } from './helpers/client.js';
import { aDevice, aDraft, uuid } from './helpers/factories.js';
import { startPrism } from './helpers/prism.js';
import type { Service } from './helpers/service.js';

const SAMPLES = 50;
const spec = loadSpec();
const ajv = contractAjv(spec, { allErrors: true });

/** One valid request per operation with a response body, and the schema of its success response. */
const operations: [name: string, method: string, path: string, body: unknown, schema: string][] = [
  ['POST /api/streams', 'POST', '/api/streams', { title: 't' }, 'Stream'],
  ['GET /api/streams/{id}', 'GET', `/api/streams/${uuid()}`, undefined, 'Stream'],
  ['GET /api/streams/nav', 'GET', '/api/streams/nav', undefined, 'NavigationPreferences'],
  ['PATCH /api/streams/nav', 'PATCH', '/api/streams/nav', { sort: 'a' }, 'NavigationPreferences'],
  ['GET /api/notifications/settings', 'GET', '/api/notifications/settings', undefined, 'NotificationSettings'],
  ['PATCH /api/notifications/settings', 'PATCH', '/api/notifications/settings', { sound: 'boing' }, 'NotificationSettings'],
  ['GET /api/notifications/devices', 'GET', '/api/notifications/devices', undefined, 'DeviceList'],
  ['PUT /api/notifications/devices', 'PUT', '/api/notifications/devices', aDevice(), 'Device'],
  ['GET draft', 'GET', `/api/cycles/templates/${uuid()}/draft`, undefined, 'CycleTemplateDraft'],
  ['PUT draft', 'PUT', `/api/cycles/templates/${uuid()}/draft`, aDraft(), 'CycleTemplateDraft'],
  ['GET identity', 'GET', '/api/identity/settings/profile', undefined, 'IdentitySettings'],
  ['PATCH identity', 'PATCH', '/api/identity/settings/profile', { patch: { a: 1 } }, 'IdentitySettings'],
  ['PUT /api/chat/reads', 'PUT', '/api/chat/reads', { streamId: uuid(), lastReadMessageId: uuid() }, 'ReadMarker'],
  ['GET /api/chat/reads/{id}', 'GET', `/api/chat/reads/${uuid()}`, undefined, 'ReadMarkerList'],
  ['GET /healthz', 'GET', '/healthz', undefined, 'Health'],
];

describe('the mock in dynamic mode (Prefer: dynamic=true)', function () {
  this.timeout(120_000);
  let mock: Service;
  before(async () => { mock = await startPrism('mock'); });
  after(async () => { await mock.close(); });

  for (const [name, method, path, body, schema] of operations) {
    it(`${name}: ${SAMPLES} generated responses all match ${schema}, with real UUIDs and instants`, async () => {
      const bodies = new Set<string>();
      for (let sample = 0; sample < SAMPLES; sample++) {
        const reply = await call(mock, method, path, { body, headers: { prefer: 'dynamic=true' } });
        expect(reply.status, JSON.stringify(reply.body)).to.be.within(200, 299);
        const valid = ajv.validate({ $ref: `#/components/schemas/${schema}` }, reply.body);
        expect(valid, `${JSON.stringify(reply.body).slice(0, 400)}\n${ajv.errorsText(ajv.errors)}`).to.equal(true);
        bodies.add(JSON.stringify(reply.body));
      }
      if (schema !== 'Health') expect(bodies.size, 'responses are generated, not a fixed example').to.be.greaterThan(1);
    });
  }
});
