import { expect } from 'chai';
import { SignJWT } from 'jose';
import { DEFAULT_LIMITS, storeQuotas } from '../../src/config/limits.js';
import { StoreUnavailableError } from '../../src/store/store.js';
import { call, pathsOf, type Reply } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { freshDataFile, openTestStore, startService, type Service } from '../helpers/service.js';
import { failingStore, gatedStore } from '../helpers/store-gates.js';

const SECRET = 'an-idempotency-secret-long-enough-0123456789';
const stream = (overrides: Record<string, unknown> = {}) => ({ title: 'Launch', memberUserIds: ['ana'], ...overrides });
const keyed = (key: string, headers: Record<string, string> = {}) => ({ 'idempotency-key': key, ...headers });
const create = (service: Service, body: unknown, headers: Record<string, string> = {}) =>
  call(service, 'POST', '/api/streams', { body, headers });
/** What a client sees of an answer, but for its request id. */
const seen = (reply: Reply) => ({
  status: reply.status,
  location: reply.headers.get('location'),
  etag: reply.headers.get('etag'),
  body: reply.body,
});

async function tokenOf(sub: string): Promise<Record<string, string>> {
  const token = await new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET));
  return { authorization: `Bearer ${token}` };
}

describe('POST /api/streams with an Idempotency-Key', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  it('when a create is repeated with the same key and body, then the repeat answers exactly as the first (status, Location, ETag, body)', async () => {
    const key = uuid();
    const first = await create(service, stream(), keyed(key));
    expect(first.status).to.equal(201);
    for (let repeat = 0; repeat < 3; repeat++)
      expect(seen(await create(service, stream(), keyed(key)))).to.deep.equal(seen(first));
    expect((await call(service, 'GET', first.headers.get('location')!)).body).to.deep.equal(first.body);
  });

  it("when the repeat writes the key quoted (a Structured Field string) or bare, and the body's members in another order or with unknown ones, then it is the same request", async () => {
    const key = `order-${uuid()}`;
    const first = await create(service, { title: 'Launch', visibility: 'team' }, keyed(`"${key}"`));
    const repeat = await create(service, { visibility: 'team', title: 'Launch', notInTheContract: 1 }, keyed(key));
    expect(seen(repeat)).to.deep.equal(seen(first));
    const escaped = await create(service, stream(), keyed('"a \\"quoted\\" \\\\ key"'));
    expect(seen(await create(service, stream(), keyed('a "quoted" \\ key')))).to.deep.equal(seen(escaped));
  });

  it('when the same key comes with another body, then 422 idempotency-key-reused, and nothing is created', async () => {
    const key = uuid();
    const first = await create(service, stream(), keyed(key));
    const reused = await create(service, stream({ title: 'Another' }), keyed(key));
    expect(reused.status).to.equal(422);
    expect(reused.body).to.include({ type: 'urn:problem:collab:idempotency-key-reused', status: 422 });
    expect(reused.headers.get('location')).to.equal(null);
    expect(seen(await create(service, stream(), keyed(key)))).to.deep.equal(seen(first));
  });

  it('when the key is 255 characters, then it is taken, bare or quoted; at 256, or empty, or not printable ASCII, 400 names the header', async () => {
    for (const key of ['k'.repeat(255), `"${'q'.repeat(255)}"`, `"${'\\"'.repeat(255)}"`]) {
      expect((await create(service, stream(), keyed(key))).status, key.slice(0, 5)).to.equal(201);
    }
    for (const key of ['k'.repeat(256), `"${'q'.repeat(256)}"`, '""', '"unterminated', 'é-key']) {
      const refused = await create(service, stream(), keyed(key));
      expect(refused.status, key.slice(0, 5)).to.equal(400);
      expect(pathsOf(refused)).to.deep.equal(['/headers/idempotency-key']);
    }
  });

  it('when no key is sent, then every create makes a new stream, as before', async () => {
    const [one, two] = [await create(service, stream()), await create(service, stream())];
    expect(one.body.id).to.not.equal(two.body.id);
  });
});

describe('POST /api/streams with an Idempotency-Key: users, failures, requests in flight, quotas and time', () => {
  it('when two users send the same key, then each has their own', async () => {
    const service = await startService({ auth: { secret: SECRET } });
    try {
      const [ana, bo] = [await tokenOf('ana'), await tokenOf('bo')];
      const key = uuid();
      const first = await create(service, stream(), keyed(key, ana));
      const other = await create(service, stream({ title: 'Other' }), keyed(key, bo));
      expect([first.status, other.status]).to.deep.equal([201, 201]);
      expect(other.body.id).to.not.equal(first.body.id);
    } finally {
      await service.close();
    }
  });

  it('when a repeat arrives while the first is being served, then 409 idempotency-key-in-flight; once it is answered, the repeat gets its answer', async () => {
    const store = gatedStore(await openTestStore(await freshDataFile()), 'streams');
    const service = await startService({ store });
    try {
      const key = uuid();
      const gate = store.arm();
      const first = create(service, stream(), keyed(key));
      await gate.reached;
      const inFlight = await create(service, stream(), keyed(key));
      expect(inFlight.status).to.equal(409);
      expect(inFlight.body).to.include({ type: 'urn:problem:collab:idempotency-key-in-flight' });
      gate.release();
      const answered = await first;
      expect(seen(await create(service, stream(), keyed(key)))).to.deep.equal(seen(answered));
    } finally {
      await service.close();
    }
  });

  it('when the create fails (503), then the key is not left claimed: a retry creates the stream once', async () => {
    const quotas = storeQuotas({ ...DEFAULT_LIMITS.quotas, streams: 1 });
    const store = failingStore(
      await openTestStore(await freshDataFile(), { quotas }),
      'streams',
      () => new StoreUnavailableError('the disk is full'),
    );
    const service = await startService({ store });
    try {
      const key = uuid();
      store.failNext();
      expect((await create(service, stream(), keyed(key))).status).to.equal(503);
      const retried = await create(service, stream(), keyed(key));
      expect(retried.status).to.equal(201);
      expect(seen(await create(service, stream(), keyed(key)))).to.deep.equal(seen(retried));
      expect((await create(service, stream())).status, 'one stream was made: the quota of one is used').to.equal(403);
    } finally {
      await service.close();
    }
  });

  it("when keys are kept, then they count against their user's bytes: fewer creates with keys fit in QUOTA_BYTES than without", async function () {
    this.timeout(90_000); // two services, some 40 creates: slow on PostgreSQL on a busy machine
    const fit = async (withKeys: boolean) => {
      const service = await startService({ quotas: { bytes: 4096 } });
      try {
        for (let made = 0; made < 200; made++) {
          const reply = await create(service, stream(), withKeys ? keyed(uuid()) : {});
          if (reply.status === 403) {
            expect(reply.body).to.include({ type: 'urn:problem:collab:quota-exceeded', quota: 'QUOTA_BYTES' });
            return made;
          }
          expect(reply.status).to.equal(201);
        }
        throw new Error('200 creates fitted in QUOTA_BYTES=4096');
      } finally {
        await service.close();
      }
    };
    const [without, withKeys] = [await fit(false), await fit(true)];
    expect(withKeys).to.be.above(0).and.below(without);
  });

  it('when the key is older than IDEMPOTENCY_KEY_TTL, then it starts a new request; within it, the first answer', async () => {
    const service = await startService({ limits: { idempotencyKeyTtlMs: 1500 } });
    try {
      const key = uuid();
      const sent = Date.now();
      const first = await create(service, stream(), keyed(key));
      const answered = Date.now(); // the key was claimed between sent and answered, so it expires by answered + TTL
      const repeat = await create(service, stream(), keyed(key));
      // On a machine too busy to repeat within the TTL, the key may be gone; the store conformance suite tests the edges exactly.
      if (Date.now() - sent < 1500) expect(seen(repeat)).to.deep.equal(seen(first));
      await new Promise((resolve) => setTimeout(resolve, answered + 1500 + 50 - Date.now()));
      const after = await create(service, stream({ title: 'Later' }), keyed(key));
      expect(after.status).to.equal(201);
      expect(after.body.id).to.not.equal(first.body.id);
    } finally {
      await service.close();
    }
  });
});
