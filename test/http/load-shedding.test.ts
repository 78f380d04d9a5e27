import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call, type Reply } from '../helpers/client.js';
import { sample } from '../helpers/metrics.js';
import { holdRequest, rawBytes } from '../helpers/raw.js';
import { startService, type Service } from '../helpers/service.js';

const SECRET = 'a-load-shedding-test-secret-long-enough-01';
const bearer = async (sub: string) => ({
  authorization: `Bearer ${await new SignJWT({ sub }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(SECRET))}`,
});

/** What load shedding counts, as /metrics shows it. */
async function admitted(service: Service): Promise<{ requests: number; bytes: number }> {
  return {
    requests: await sample(service, 'http_admitted_requests_in_flight'),
    bytes: await sample(service, 'http_admitted_body_bytes_in_flight'),
  };
}

function expectOverloaded(reply: Reply, reason: RegExp): void {
  expect(reply.status).to.equal(503);
  expect(reply.headers.get('retry-after')).to.equal('1');
  expect(reply.body).to.include({
    type: 'urn:problem:collab:overloaded',
    title: 'The service is overloaded',
    status: 503,
  });
  expect(reply.body.detail).to.match(reason);
}

/** Holds `count` requests in flight as `headers`' user; resolves to their release. */
async function hold(
  service: Service,
  count: number,
  headers: Record<string, string> = {},
): Promise<() => Promise<void>> {
  const held: { release(): Promise<void> }[] = [];
  for (let index = 0; index < count; index++)
    held.push(await holdRequest(service, 'PATCH', '/api/streams/nav', headers));
  return async () => {
    for (const request of held) await request.release();
  };
}

describe('load shedding: requests in flight per user (MAX_IN_FLIGHT_PER_USER)', () => {
  let service: Service;
  before(async () => {
    service = await startService({ auth: { secret: SECRET }, limits: { inFlightPerUser: 2 } });
  });
  after(async () => {
    await service.close();
  });

  it('when a user has 1 request in flight, then a 2nd is served; with 2 in flight, a 3rd gets 503 overloaded at once, while others are served', async () => {
    const [ana, bo] = [await bearer('ana'), await bearer('bo')];
    let release = await hold(service, 1, ana);
    expect(
      (await call(service, 'PATCH', '/api/streams/nav', { headers: ana, body: { sort: 'second' } })).status,
    ).to.equal(200);
    await release();
    release = await hold(service, 2, ana);
    try {
      expectOverloaded(
        await call(service, 'PATCH', '/api/streams/nav', { headers: ana, body: { sort: 'third' } }),
        /you have 2 requests in flight/,
      );
      expect(
        (await call(service, 'PATCH', '/api/streams/nav', { headers: bo, body: { sort: 'bo' } })).status,
        'another user',
      ).to.equal(200);
    } finally {
      await release();
    }
    expect(
      (await call(service, 'GET', '/api/streams/nav', { headers: ana })).body.sort,
      'the shed write left nothing',
    ).to.equal('second');
  });
});

describe('load shedding: body bytes in flight per user (MAX_IN_FLIGHT_BYTES_PER_USER)', () => {
  const body = (size: number) => `{"sort":"${'x'.repeat(size - 11)}"}`;

  it('when a user has 100 bytes in flight, then a body of exactly the rest of 500 is served, one byte more is shed, and another user is served', async () => {
    const service = await startService({
      auth: { secret: SECRET },
      limits: { inFlightBytesPerUser: 500, inFlightPerUser: 100 },
    });
    const [ana, bo] = [await bearer('ana'), await bearer('bo')];
    const release = await hold(service, 1, ana); // declares 100 bytes
    try {
      expect(Buffer.byteLength(body(400))).to.equal(400);
      expect((await call(service, 'PATCH', '/api/streams/nav', { headers: ana, body: body(400) })).status).to.equal(
        200,
      );
      expectOverloaded(
        await call(service, 'PATCH', '/api/streams/nav', { headers: ana, body: body(401) }),
        /your bodies in flight would pass the 500 bytes one user may have in flight/,
      );
      expect((await call(service, 'PATCH', '/api/streams/nav', { headers: bo, body: body(401) })).status).to.equal(200);
    } finally {
      await release();
      await service.close();
    }
  });

  it('when a user has nothing in flight, then one body larger than the per-user bytes is still served', async () => {
    const service = await startService({ limits: { inFlightBytesPerUser: 500 } });
    try {
      expect((await call(service, 'PATCH', '/api/streams/nav', { body: body(900) })).status).to.equal(200);
    } finally {
      await service.close();
    }
  });
});

describe('load shedding: the process (MAX_IN_FLIGHT, MAX_IN_FLIGHT_BYTES)', () => {
  it('when 3 requests are in flight and that is the limit, then a 4th gets 503 before its body is sent, and the probes still answer', async () => {
    const service = await startService({ limits: { inFlight: 3, inFlightPerUser: 100 } });
    const release = await hold(service, 3);
    try {
      // Only the head: the answer comes without the body being read.
      const head = await rawBytes(
        service,
        'PATCH /api/streams/nav HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n',
      );
      expect(head.status).to.equal(503);
      expect(JSON.parse(head.text).detail).to.match(/3 requests are in flight in this process/);
      for (const probe of ['/healthz', '/readyz', '/metrics'])
        expect((await call(service, 'GET', probe)).status, probe).to.equal(200);
    } finally {
      await release();
      await service.close();
    }
  });

  it('when bodies of 100 bytes are in flight, then one of exactly the rest of MAX_IN_FLIGHT_BYTES is served and one byte more is shed', async () => {
    const service = await startService({ limits: { inFlightBytes: 500, inFlightPerUser: 100 } });
    const release = await hold(service, 1); // declares 100 bytes
    try {
      expect(await admitted(service), 'on /metrics').to.deep.equal({ requests: 1, bytes: 100 });
      const body = (size: number) => `{"sort":"${'x'.repeat(size - 11)}"}`;
      expect(Buffer.byteLength(body(400))).to.equal(400);
      const fits = await call(service, 'PATCH', '/api/streams/nav', { body: body(400) });
      expect(fits.status).to.equal(200);
      expectOverloaded(
        await call(service, 'PATCH', '/api/streams/nav', { body: body(401) }),
        /bodies in flight in this process would pass its limit of 500 bytes/,
      );
      await release();
      expect(await admitted(service), 'released, and the others answered').to.deep.equal({ requests: 0, bytes: 0 });
    } finally {
      await service.close();
    }
  });

  it('when a body is declared larger than the body limit, then it is 413 (not retryable), not 503', async () => {
    const service = await startService({ bodyLimit: '1kb', limits: { inFlightBytes: 2048 } });
    try {
      const reply = await call(service, 'PATCH', '/api/streams/nav', { body: `{"sort":"${'x'.repeat(3000)}"}` });
      expect(reply.status).to.equal(413);
    } finally {
      await service.close();
    }
  });
});
