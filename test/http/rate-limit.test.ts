import { setTimeout as sleep } from 'node:timers/promises';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call, type Reply } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

const SECRET = 'a-rate-limit-test-secret-long-enough-0123';
const WRITES = 3;

const bearer = async (sub: string) => ({
  authorization: `Bearer ${await new SignJWT({ sub }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('10m').sign(new TextEncoder().encode(SECRET))}`,
});
/** The `r` (remaining) and `t` (seconds to reset) of a draft-8 RateLimit field. */
const allowance = (reply: Reply) => {
  const field = reply.headers.get('ratelimit') ?? '';
  return {
    name: /^"([^"]+)"/.exec(field)?.[1],
    remaining: Number(/r=(\d+)/.exec(field)?.[1]),
    reset: Number(/t=(\d+)/.exec(field)?.[1]),
  };
};

describe('per-user write rate limit (RATE_LIMIT_WRITES per RATE_LIMIT_WINDOW)', () => {
  let service: Service;
  before(async () => {
    service = await startService({
      auth: { secret: SECRET },
      limits: { writesPerWindow: WRITES, rateWindowMs: 60_000 },
    });
  });
  after(async () => {
    await service.close();
  });
  const patchNav = async (user: string, sort: string) =>
    call(service, 'PATCH', '/api/streams/nav', { headers: await bearer(user), body: { sort } });

  it(`when a user makes ${WRITES} writes, then each is served and counts down RateLimit; the next gets 429 with Retry-After, and stores nothing`, async () => {
    const user = `ana-${uuid()}`;
    for (let write = 1; write <= WRITES; write++) {
      const reply = await patchNav(user, `write ${write}`);
      expect(reply.status).to.equal(200);
      expect(allowance(reply)).to.include({ name: 'writes', remaining: WRITES - write });
      expect(reply.headers.get('ratelimit-policy')).to.match(
        new RegExp(`^"writes"; q=${WRITES}; w=60; pk=:[A-Za-z0-9+/=]+:$`),
      );
    }
    const refused = await patchNav(user, 'one too many');
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('content-type')).to.match(/^application\/problem\+json/);
    expect(refused.body).to.include({
      type: 'urn:problem:collab:rate-limited',
      title: 'Too many requests',
      status: 429,
    });
    expect(refused.body.detail).to.contain(`the ${WRITES} writes a user may make in 60 s`);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).to.be.within(1, 60);
    expect(allowance(refused).remaining).to.equal(0);
    expect(allowance(refused).reset, 'both count down to the end of the window').to.be.within(
      retryAfter - 1,
      retryAfter,
    );
    const stored = await call(service, 'GET', '/api/streams/nav', { headers: await bearer(user) });
    expect(stored.body.sort, 'the refused write left nothing').to.equal(`write ${WRITES}`);
  });

  it('when one user is limited, then another user writes as before, and reads are not limited', async () => {
    const [busy, other] = [`bo-${uuid()}`, `cy-${uuid()}`];
    for (let write = 0; write <= WRITES; write++) await patchNav(busy, 'x');
    expect((await patchNav(busy, 'x')).status).to.equal(429);
    expect((await patchNav(other, 'mine')).status).to.equal(200);
    const read = await call(service, 'GET', '/api/streams/nav', { headers: await bearer(busy) });
    expect(read.status).to.equal(200);
    expect(read.headers.get('ratelimit'), 'reads carry no allowance').to.equal(null);
  });

  it('when a user is past the limit, then a method a path does not serve still gets 405, and uses none of the allowance', async () => {
    const user = `el-${uuid()}`;
    for (let write = 0; write < WRITES; write++)
      await call(service, 'DELETE', '/api/streams/nav', { headers: await bearer(user) });
    expect((await patchNav(user, 'after three 405s')).status, 'no 405 counted').to.equal(200);
    for (let write = 1; write < WRITES; write++) await patchNav(user, 'x');
    const reply = await call(service, 'DELETE', '/api/streams/nav', { headers: await bearer(user) });
    expect(reply.status).to.equal(405);
    expect(reply.headers.get('allow')?.split(', ').sort()).to.deep.equal(['GET', 'PATCH']);
    expect(reply.headers.get('ratelimit'), 'no write, no allowance').to.equal(null);
  });

  it('when a limited write has a body that breaks the contract, then it is still 429: the limit is decided before the body is read', async () => {
    const user = `di-${uuid()}`;
    for (let write = 0; write < WRITES; write++) await patchNav(user, 'x');
    const reply = await call(service, 'PATCH', '/api/streams/nav', {
      headers: await bearer(user),
      body: '{"sort": not json',
    });
    expect(reply.status).to.equal(429);
  });
});

describe('writes that arrive at once', () => {
  it('when 12 writes of one user arrive at once and 5 are allowed, then exactly 5 are served, each with its own place in the count', async () => {
    const service = await startService({ limits: { writesPerWindow: 5, rateWindowMs: 60_000 } });
    try {
      const replies = await Promise.all(
        Array.from({ length: 12 }, () =>
          call(service, 'PUT', '/api/chat/reads', { body: { streamId: uuid(), lastReadMessageId: uuid() } }),
        ),
      );
      expect(replies.map((reply) => reply.status).sort()).to.deep.equal([
        ...Array<number>(5).fill(200),
        ...Array<number>(7).fill(429),
      ]);
      const left = replies
        .filter((reply) => reply.status === 200)
        .map((reply) => allowance(reply).remaining)
        .sort();
      expect(left).to.deep.equal([0, 1, 2, 3, 4]);
    } finally {
      await service.close();
    }
  });
});

describe('the write window ends', () => {
  it('when the window has passed, then the user writes again', async () => {
    const service = await startService({ limits: { writesPerWindow: 1, rateWindowMs: 1_000 } });
    try {
      const mark = () =>
        call(service, 'PUT', '/api/chat/reads', { body: { streamId: uuid(), lastReadMessageId: uuid() } });
      // Two writes may straddle the end of a window on a slow machine: write until one is refused.
      let refused: Awaited<ReturnType<typeof mark>> | undefined;
      for (let tries = 0; !refused && tries < 20; tries++) {
        const reply = await mark();
        if (reply.status === 429) refused = reply;
        else expect(reply.status).to.equal(200);
      }
      if (!refused) throw new Error('no write was refused within a window');
      await sleep(Number(refused.headers.get('retry-after')) * 1000 + 50);
      expect((await mark()).status).to.equal(200);
    } finally {
      await service.close();
    }
  });
});
