import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { expect } from 'chai';
import { SignJWT } from 'jose';
import { call } from '../helpers/client.js';
import { holdRequest } from '../helpers/raw.js';
import { startService, type Service } from '../helpers/service.js';

const SECRET = 'an-admission-test-secret-long-enough-0123';
const bearer = async (sub: string) =>
  `Bearer ${await new SignJWT({ sub })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(new TextEncoder().encode(SECRET))}`;

/** A connection that sent `bytes` and stays open; `answer` is the status line's code once the server has answered. */
async function openWith(service: Service, bytes: string): Promise<{ answer: Promise<number>; socket: Socket }> {
  const { hostname, port } = new URL(service.url);
  const socket = connect(Number(port), hostname);
  await once(socket, 'connect');
  socket.on('error', () => {}); // a reset after the answer is expected
  const answer = new Promise<number>((resolve) => {
    let text = '';
    socket.on('data', (chunk: Buffer) => {
      text += String(chunk);
      const status = /^HTTP\/1\.1 (\d{3}) /.exec(text);
      if (status) resolve(Number(status[1]));
    });
    socket.on('close', () => resolve(0));
  });
  socket.write(bytes);
  return { answer, socket };
}

const head = (method: string, path: string, headers: string[] = []) =>
  [`${method} ${path} HTTP/1.1`, 'Host: 127.0.0.1', 'Content-Type: application/json', ...headers].join('\r\n') +
  '\r\n\r\n';

describe('admission: nothing anonymous holds capacity that users share', () => {
  let service: Service;
  before(async () => {
    service = await startService({
      auth: { secret: SECRET },
      limits: { inFlight: 4, inFlightBytes: 4096, inFlightPerUser: 4 },
    });
  });
  after(async () => {
    await service.close();
  });

  it(
    'when 30 requests without a token declare bodies they never send, outside /api and in it, then each is answered at once ' +
      'without its body, and users are served while all of them stay open',
    async () => {
      const anonymous = await Promise.all([
        ...Array.from({ length: 10 }, () => openWith(service, head('POST', '/nothing', ['Content-Length: 10']))),
        ...Array.from({ length: 10 }, () => openWith(service, head('POST', '/docs', ['Content-Length: 1048576']))),
        ...Array.from({ length: 5 }, () => openWith(service, head('POST', '/healthz', ['Content-Length: 10']))),
        ...Array.from({ length: 5 }, () =>
          openWith(service, head('PATCH', '/api/streams/nav', ['Content-Length: 100'])),
        ),
      ]);
      try {
        const statuses = await Promise.all(anonymous.map(({ answer }) => answer));
        expect(statuses).to.deep.equal([...Array(20).fill(404), ...Array(5).fill(405), ...Array(5).fill(401)]);
        for (const user of ['ana', 'bo', 'cy']) {
          const reply = await call(service, 'PATCH', '/api/streams/nav', {
            headers: { authorization: await bearer(user) },
            body: { sort: user },
          });
          expect([reply.status, reply.body.sort], user).to.deep.equal([200, user]);
        }
      } finally {
        for (const { socket } of anonymous) socket.destroy();
      }
    },
  );
});

describe('admission: what a request holds is released however it ends', () => {
  let service: Service;
  // One request in flight in the whole process and per user: a single leaked count refuses everyone after it.
  beforeEach(async () => {
    service = await startService({
      auth: { secret: SECRET },
      limits: { inFlight: 1, inFlightPerUser: 1 },
      timeouts: { headersTimeout: 1000, requestTimeout: 1500, keepAliveTimeout: 5000 },
    });
  });
  afterEach(async () => {
    await service.close();
  });

  /** Every user, ana included, is served again: nothing is still counted. */
  async function expectNothingHeld(): Promise<void> {
    for (const user of ['ana', 'bo']) {
      const reply = await call(service, 'PATCH', '/api/streams/nav', {
        headers: { authorization: await bearer(user) },
        body: { sort: `${user}-after` },
      });
      expect([reply.status, reply.body.detail], user).to.deep.equal([200, undefined]);
    }
  }

  it('when a whole request is followed by garbage in the same segment, while its token is checked, then nothing stays counted', async () => {
    const authorization = `Authorization: ${await bearer('ana')}`;
    for (let round = 0; round < 3; round++) {
      const { answer } = await openWith(
        service,
        `${head('PATCH', '/api/streams/nav', [authorization, 'Content-Length: 2'])}{}\x00GARBAGE\r\n\r\n`,
      );
      expect(await answer).to.equal(400);
    }
    await expectNothingHeld();
  });

  it('when the client resets the connection right after sending a request, then nothing stays counted', async () => {
    const authorization = `Authorization: ${await bearer('ana')}`;
    for (let round = 0; round < 3; round++) {
      const { socket } = await openWith(
        service,
        head('PATCH', '/api/streams/nav', [authorization, 'Content-Length: 100']),
      );
      socket.resetAndDestroy();
      await once(socket, 'close');
    }
    await expectNothingHeld();
  });

  it('when a body stops arriving and the request times out (408), then nothing stays counted', async () => {
    const { answer } = await openWith(
      service,
      `${head('PATCH', '/api/streams/nav', [`Authorization: ${await bearer('ana')}`, 'Content-Length: 100'])}{"sort":`,
    );
    expect(await answer).to.equal(408);
    await expectNothingHeld();
  });

  it('when a chunked body breaks off with a malformed chunk after admission, then nothing stays counted', async () => {
    const authorization = `Authorization: ${await bearer('ana')}`;
    const { answer } = await openWith(
      service,
      `${head('PATCH', '/api/streams/nav', [authorization, 'Transfer-Encoding: chunked'])}2\r\n{"\r\nZZ\r\n`,
    );
    expect(await answer).to.equal(400);
    await expectNothingHeld();
  });

  it('when the client goes away in the middle of a body, then nothing stays counted', async () => {
    for (let round = 0; round < 3; round++)
      await (await holdRequest(service, 'PATCH', '/api/streams/nav', { Authorization: await bearer('ana') })).release();
    await expectNothingHeld();
  });
});
