import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call, type Reply } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { admin, freshSchema, postgresUnavailable, type Schema } from '../helpers/postgres.js';
import { startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile, type Service } from '../helpers/service.js';

/** Starts `count` src/server.ts processes on one database, all at once (they migrate in turn). */
async function startInstances(url: string, count: number, env: Record<string, string> = {}): Promise<ServerProcess[]> {
  return Promise.all(
    Array.from({ length: count }, async () => startServerProcess(await freshDataFile(), { DATABASE_URL: url, ...env })),
  );
}

/** Sends `count` requests at once, the i-th to instance i mod n. */
function spread(
  services: Service[],
  count: number,
  send: (service: Service, index: number) => Promise<Reply>,
): Promise<Reply[]> {
  return Promise.all(Array.from({ length: count }, (_, index) => send(services[index % services.length]!, index)));
}

const statuses = (replies: Reply[]) => replies.map((reply) => reply.status).sort();

describe('several instances on one PostgreSQL database', function () {
  this.timeout(120_000);
  let schema: Schema;
  let instances: ServerProcess[] = [];
  let services: Service[];
  before(async function () {
    if (await postgresUnavailable()) this.skip();
    schema = await freshSchema();
    instances = await startInstances(schema.url, 3);
    services = instances.map((instance) => instance.service);
  });
  after(async () => {
    await Promise.all(instances.map((instance) => stop(instance, 'SIGTERM')));
    await schema?.drop();
  });

  it('when one instance writes, then the others read it at once', async () => {
    const [a, b, c] = services as [Service, Service, Service];
    const written = await call(a, 'PATCH', '/api/identity/settings/shared', { body: { patch: { theme: 'dark' } } });
    expect((await call(b, 'GET', '/api/identity/settings/shared')).body).to.deep.equal(written.body);
    const device = aDevice();
    expect((await call(c, 'PUT', '/api/notifications/devices', { body: device })).status).to.equal(201);
    expect(
      (await call(a, 'GET', '/api/notifications/devices')).body.items.map(
        (item: { installationId: string }) => item.installationId,
      ),
    ).to.include(device.installationId);
  });

  it('when 40 saves of one draft name the same expectedDraftUpdatedAt across the instances, then exactly one wins and the rest get 409', async () => {
    const path = `/api/cycles/templates/${uuid()}/draft`;
    const first = await call(services[0]!, 'PUT', path, { body: aDraft() });
    const replies = await spread(services, 40, (service, index) =>
      call(service, 'PUT', path, {
        body: aDraft({ description: `save ${index}`, expectedDraftUpdatedAt: first.body.updatedAt }),
      }),
    );
    expect(statuses(replies)).to.deep.equal([200, ...Array<number>(39).fill(409)]);
    const winner = replies.find((reply) => reply.status === 200)!;
    expect((await call(services[1]!, 'GET', path)).body).to.deep.equal(winner.body);
    for (const loser of replies.filter((reply) => reply.status === 409))
      expect(loser.body.updatedAt).to.equal(winner.body.updatedAt);
  });

  it('when 20 createOnly saves of a new draft race across the instances, then exactly one creates it', async () => {
    const path = `/api/cycles/templates/${uuid()}/draft`;
    const replies = await spread(services, 20, (service) =>
      call(service, 'PUT', path, { body: aDraft({ createOnly: true }) }),
    );
    expect(statuses(replies)).to.deep.equal([201, ...Array<number>(19).fill(409)]);
  });

  it('when 100 merge patches of distinct keys into one document race across the instances, then none is lost and each updatedAt is later', async () => {
    const replies = await spread(services, 100, (service, index) =>
      call(service, 'PATCH', '/api/identity/settings/merged', { body: { patch: { [`key${index}`]: index } } }),
    );
    expect(statuses(replies)).to.deep.equal(Array<number>(100).fill(200));
    const stored = await call(services[2]!, 'GET', '/api/identity/settings/merged');
    expect(stored.body.settings).to.deep.equal(
      Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`key${index}`, index])),
    );
    // Each patch saw the one before it, so the settings each returned grow one key at a time with updatedAt.
    const ordered = [...replies].sort(
      (x, y) => Object.keys(x.body.settings).length - Object.keys(y.body.settings).length,
    );
    expect(ordered.map((reply) => Object.keys(reply.body.settings).length)).to.deep.equal(
      Array.from({ length: 100 }, (_, index) => index + 1),
    );
    const stamps = ordered.map((reply) => Date.parse(reply.body.updatedAt));
    for (let index = 1; index < stamps.length; index++) expect(stamps[index]).to.be.above(stamps[index - 1]!);
    expect(stored.body.updatedAt).to.equal(ordered.at(-1)!.body.updatedAt);
  });

  it('when 300 writers race on 3 documents across the instances, then every change of each is kept, each saw the one before it, and updatedAt increases', async () => {
    const documents = ['few-a', 'few-b', 'few-c'];
    const replies = await spread(services, 300, (service, index) =>
      call(service, 'PATCH', `/api/identity/settings/${documents[index % 3]}`, {
        body: { patch: { [`key${index}`]: index } },
      }),
    );
    expect(statuses(replies)).to.deep.equal(Array<number>(300).fill(200));
    for (const [which, document] of documents.entries()) {
      const mine = replies.filter((_, index) => index % 3 === which);
      const stored = await call(services[which]!, 'GET', `/api/identity/settings/${document}`);
      expect(Object.keys(stored.body.settings).sort()).to.deep.equal(mine.map((_, n) => `key${n * 3 + which}`).sort());
      const ordered = [...mine].sort(
        (x, y) => Object.keys(x.body.settings).length - Object.keys(y.body.settings).length,
      );
      expect(
        ordered.map((reply) => Object.keys(reply.body.settings).length),
        document,
      ).to.deep.equal(Array.from({ length: 100 }, (_, n) => n + 1));
      const stamps = ordered.map((reply) => Date.parse(reply.body.updatedAt));
      for (let index = 1; index < stamps.length; index++)
        expect(stamps[index], document).to.be.above(stamps[index - 1]!);
    }
  });

  it('when one keyed create is sent 30 times at once across the instances, then one stream is made, and every answer is it or 409 in flight', async () => {
    const key = uuid();
    const body = { title: 'Once', memberUserIds: ['ana'] };
    const create = (service: Service) =>
      call(service, 'POST', '/api/streams', { body, headers: { 'idempotency-key': key } });
    const replies = await spread(services, 30, (service) => create(service));
    const made = replies.filter((reply) => reply.status === 201);
    expect(made.length, 'at least the holder answers 201').to.be.above(0);
    expect(made.length + replies.filter((reply) => reply.status === 409).length).to.equal(30);
    const seen = (reply: Reply) => ({
      status: reply.status,
      location: reply.headers.get('location'),
      etag: reply.headers.get('etag'),
      body: reply.body,
    });
    for (const reply of made) expect(seen(reply)).to.deep.equal(seen(made[0]!));
    for (const service of services) expect(seen(await create(service))).to.deep.equal(seen(made[0]!));
    const reused = await call(services[1]!, 'POST', '/api/streams', {
      body: { ...body, title: 'Other' },
      headers: { 'idempotency-key': key },
    });
    expect(reused.status).to.equal(422);
    const titled = await admin(
      (client) =>
        client.query(
          "SELECT count(*)::int AS n FROM records WHERE collection = 'streams' AND value->>'title' = 'Once'",
        ),
      schema.directUrl,
    );
    expect(titled.rows[0].n, 'streams titled Once in the database').to.equal(1);
  });

  it('when 30 patches holding one ETag race across the instances, then exactly one goes ahead and the rest get 412', async () => {
    const path = `/api/identity/settings/etag-${uuid()}`;
    const first = await call(services[0]!, 'PATCH', path, { body: { patch: { version: 0 } } });
    const tag = first.headers.get('etag')!;
    const replies = await spread(services, 30, (service, index) =>
      call(service, 'PATCH', path, { body: { patch: { version: index + 1 } }, headers: { 'if-match': tag } }),
    );
    expect(statuses(replies)).to.deep.equal([200, ...Array<number>(29).fill(412)]);
    const winner = replies.find((reply) => reply.status === 200)!;
    const stored = await call(services[2]!, 'GET', path);
    expect([stored.body, stored.headers.get('etag')]).to.deep.equal([winner.body, winner.headers.get('etag')]);
    expect(
      (await call(services[1]!, 'GET', path, { headers: { 'if-none-match': winner.headers.get('etag')! } })).status,
    ).to.equal(304);
  });

  it("when a user's writes go to two instances, then they share one rate limit", async () => {
    const secret = 'a-shared-rate-limit-secret-long-enough-01';
    const limited = await startInstances(schema.url, 2, { AUTH_JWT_SECRET: secret, RATE_LIMIT_WRITES: '5' });
    try {
      const token = await new SignJWT({ sub: `shared-${uuid()}` })
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(new TextEncoder().encode(secret));
      const headers = { authorization: `Bearer ${token}` };
      const replies: Reply[] = [];
      for (let write = 0; write < 7; write++) {
        replies.push(
          await call(limited[write % 2]!.service, 'PATCH', '/api/streams/nav', {
            headers,
            body: { sort: `write ${write}` },
          }),
        );
      }
      expect(replies.map((reply) => reply.status)).to.deep.equal([200, 200, 200, 200, 200, 429, 429]);
      expect(replies.map((reply) => /r=(\d+)/.exec(reply.headers.get('ratelimit') ?? '')?.[1])).to.deep.equal([
        '4',
        '3',
        '2',
        '1',
        '0',
        '0',
        '0',
      ]);
    } finally {
      await Promise.all(limited.map((instance) => stop(instance, 'SIGTERM')));
    }
  });

  it('when an instance is killed (SIGKILL) under load, then every acknowledged write is kept and the others serve on', async () => {
    const acked = new Map<string, number>();
    const victim = instances[2]!;
    const writer = async (service: Service, name: string) => {
      for (let sequence = 1; sequence <= 400; sequence++) {
        const reply = await call(service, 'PATCH', `/api/identity/settings/${name}`, {
          body: { patch: { sequence } },
        }).catch(() => undefined);
        if (reply?.status !== 200) return;
        acked.set(name, sequence);
      }
    };
    const writers = Array.from({ length: 12 }, (_, index) => writer(services[index % 3]!, `writer-${index}`));
    while ((acked.get('writer-2') ?? 0) < 5) await new Promise((resolve) => setImmediate(resolve));
    victim.child.kill('SIGKILL');
    await Promise.all(writers);
    for (let index = 0; index < 12; index++) {
      const name = `writer-${index}`;
      const reply = await call(services[index % 2]!, 'GET', `/api/identity/settings/${name}`);
      expect(reply.body.settings.sequence, name).to.be.at.least(acked.get(name) ?? 0);
      if (index % 3 !== 2) expect(acked.get(name), `${name} on a surviving instance finished`).to.equal(400);
    }
  });
});
