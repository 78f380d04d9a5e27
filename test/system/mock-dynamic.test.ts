import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { contractAjv } from '../../src/contract/contract-ajv.js';
import { keepKnownMembers } from '../../src/contract/known-members.js';
import { compileShapes } from '../../src/contract/member-shapes.js';
import { loadSpec } from '../../src/contract/spec.js';
import { call } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { MOCK_FLAGS, startPrism } from '../helpers/prism.js';
import type { Service } from '../helpers/service.js';

const SAMPLES = 50;
const spec = loadSpec();
const ajv = contractAjv(spec, { allErrors: true });
const shapeOf = compileShapes(spec);
/** The paths of the body's members that the contract names nowhere at their position. */
function invented(schema: string, body: unknown): string[] {
  const sent = withoutDepthMarks(body);
  const kept = new Set(membersOf(keepKnownMembers(sent, shapeOf({ $ref: `#/components/schemas/${schema}` }))));
  return membersOf(sent).filter((path) => !kept.has(path));
}

function membersOf(value: unknown, path = ''): string[] {
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([name, member]) => [
    `${path}/${name}`,
    ...membersOf(member, `${path}/${name}`),
  ]);
}

// Where the content tree nests deeper than json-schema-faker follows $refs (refDepthMax, 3 in Prism),
// it copies the schema's own `description` into the node: the one member it still invents (mocks/reference.md).
const descriptions = new Set(
  Object.values(spec.components?.schemas ?? {}).map((schema) => (schema as { description?: string }).description),
);
function withoutDepthMarks(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDepthMarks);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([name, member]) => !(name === 'description' && descriptions.has(member as string)))
      .map(([name, member]) => [name, withoutDepthMarks(member)]),
  );
}

/** One valid request per operation with a response body, and the schema of its success response. */
const operations: [name: string, method: string, path: string, body: unknown, schema: string][] = [
  ['POST /api/streams', 'POST', '/api/streams', { title: 't' }, 'Stream'],
  ['GET /api/streams/{id}', 'GET', `/api/streams/${uuid()}`, undefined, 'Stream'],
  ['GET /api/streams/nav', 'GET', '/api/streams/nav', undefined, 'NavigationPreferences'],
  ['PATCH /api/streams/nav', 'PATCH', '/api/streams/nav', { sort: 'a' }, 'NavigationPreferences'],
  ['GET /api/notifications/settings', 'GET', '/api/notifications/settings', undefined, 'NotificationSettings'],
  [
    'PATCH /api/notifications/settings',
    'PATCH',
    '/api/notifications/settings',
    { sound: 'boing' },
    'NotificationSettings',
  ],
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
  before(async () => {
    mock = await startPrism('mock');
  });
  after(async () => {
    await mock.close();
  });

  for (const [name, method, path, body, schema] of operations) {
    it(`${name}: ${SAMPLES} generated responses all match ${schema}, with real UUIDs and instants, and no member the contract does not name`, async () => {
      const bodies = new Set<string>();
      for (let sample = 0; sample < SAMPLES; sample++) {
        const reply = await call(mock, method, path, { body, headers: { prefer: 'dynamic=true' } });
        expect(reply.status, JSON.stringify(reply.body)).to.be.within(200, 299);
        const valid = ajv.validate({ $ref: `#/components/schemas/${schema}` }, reply.body);
        expect(valid, `${JSON.stringify(reply.body).slice(0, 400)}\n${ajv.errorsText(ajv.errors)}`).to.equal(true);
        expect(invented(schema, reply.body), 'invented members').to.deep.equal([]);
        bodies.add(JSON.stringify(reply.body));
      }
      if (schema !== 'Health') expect(bodies.size, 'responses are generated, not a fixed example').to.be.greaterThan(1);
    });
  }
});

describe('make mock-dynamic: a fixed seed, no invented members', function () {
  this.timeout(120_000);
  const mocks: Service[] = [];
  after(async () => {
    await Promise.all(mocks.map((mock) => mock.close()));
  });
  const answers = async (mock: Service) => {
    const bodies: unknown[] = [];
    for (const [, method, path, body] of operations) bodies.push((await call(mock, method, path, { body })).body);
    return bodies;
  };

  it('when the Makefile runs the mock, then with the flags these tests use, SEED defaulting to 1', () => {
    const makefile = readFileSync('Makefile', 'utf8');
    expect(makefile).to.include(`--port $\${PORT:-4010} ${MOCK_FLAGS.join(' ')}\n`);
    expect(makefile).to.include(`--port $\${PORT:-4010} ${MOCK_FLAGS.join(' ')} --dynamic --seed "$\${SEED:-1}"\n`);
  });

  it('when two mocks run with the same seed, then every operation answers the same body, again and again; another seed, other bodies; none has an invented member', async () => {
    const [one, two, other] = await Promise.all([
      startPrism('mock', { seed: '1' }),
      startPrism('mock', { seed: '1' }),
      startPrism('mock', { seed: '2' }),
    ]);
    mocks.push(one, two, other);
    const first = await answers(one);
    expect(await answers(one), 'the same mock, asked again').to.deep.equal(first);
    expect(await answers(two), 'another mock, same seed').to.deep.equal(first);
    const seeded = await answers(other);
    expect(
      seeded.filter((body, index) => JSON.stringify(body) !== JSON.stringify(first[index])).length,
      'another seed',
    ).to.be.greaterThan(operations.length / 2);
    operations.forEach(([name, , , , schema], index) => {
      expect(ajv.validate({ $ref: `#/components/schemas/${schema}` }, first[index]), name).to.equal(true);
      expect(invented(schema, first[index]), `${name}: invented members`).to.deep.equal([]);
    });
  });
});
