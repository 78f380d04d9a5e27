import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { rawRequest } from '../helpers/raw.js';
import { startRecorder } from '../helpers/recorder.js';
import { startService, type Service } from '../helpers/service.js';

const SECRETS = {
  query: 'qs-api-key-s3cret',
  accessToken: 'qs-access-s3cret',
  apiKey: 'hdr-api-key-s3cret',
  bearer: 'bearer-s3cret-value',
  cookie: 'cookie-s3cret-value',
  setCookie: 'set-cookie-s3cret-value',
  textToken: 'push-token-text-s3cret',
  formToken: 'push-token-form-s3cret',
  brokenToken: 'push-token-broken-s3cret',
};
const device = { installationId: 'phone-1', appId: 'com.example.chat', platform: 'web', environment: 'production' };

/** A target that answers every request with what it got, as JSON: where a secret sent comes back in a body. */
function startEcho(): Server {
  return createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += String(chunk)));
    req.on('end', () =>
      res
        .writeHead(200, {
          'content-type': 'application/json',
          'set-cookie': `session=${SECRETS.setCookie}; HttpOnly`,
        })
        .end(JSON.stringify({ url: req.url, headers: req.headers, body })),
    );
  }).listen(0, '127.0.0.1');
}

describe('make record: the Host check and secrets', () => {
  let folder: string;
  let service: Service;
  let echo: Server;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'record-secrets-'));
    service = await startService();
    echo = startEcho();
    await once(echo, 'listening');
  });
  after(async () => {
    await service.close();
    echo.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('when the Host is not this machine nor in ALLOWED_HOSTS, then 421 host-not-allowed as the service answers it, and nothing is passed on', async () => {
    const recorder = await startRecorder(service.url, join(folder, 'host.ndjson'), { ALLOWED_HOSTS: 'app.test' });
    try {
      const write = (host: string, sort: string) =>
        rawRequest(
          recorder.proxy,
          'PATCH',
          '/api/streams/nav',
          { host, 'content-type': 'application/json' },
          `{"sort":"${sort}"}`,
        );
      const direct = await rawRequest(service, 'GET', '/api/streams/nav', { host: 'attacker.test:4030' });
      const refused = await write('attacker.test:4030', 'rebound');
      expect([refused.status, refused.headers['content-type']]).to.deep.equal([421, 'application/problem+json']);
      const { requestId, ...problem } = JSON.parse(refused.text);
      const { requestId: directId, ...directProblem } = JSON.parse(direct.text);
      expect([problem, typeof requestId, typeof directId]).to.deep.equal([directProblem, 'string', 'string']);
      expect((await write('app.test:4030', 'allowed')).status).to.equal(200);
      expect((await call(recorder.proxy, 'GET', '/api/streams/nav')).body.sort).to.equal('allowed');
    } finally {
      await recorder.stop();
    }
    const lines = (await readFile(join(folder, 'host.ndjson'), 'utf8')).trim().split('\n');
    expect(lines.map((line) => JSON.parse(line).request.method)).to.deep.equal(['PATCH', 'GET']);
  });

  it('when secrets travel in the query, in headers, in a body that is not JSON and back in the answer, then none is recorded', async () => {
    const file = join(folder, 'secrets.ndjson');
    const recorder = await startRecorder(`http://127.0.0.1:${(echo.address() as AddressInfo).port}`, file);
    const path = `/api/notifications/devices?api_key=${SECRETS.query}&access_token=${SECRETS.accessToken}&sort=kept`;
    try {
      await call(recorder.proxy, 'PUT', path, {
        headers: {
          'content-type': 'text/plain',
          'x-api-key': SECRETS.apiKey,
          authorization: `Bearer ${SECRETS.bearer}`,
          cookie: `session=${SECRETS.cookie}; theme=dark`,
        },
        body: JSON.stringify({ ...device, token: SECRETS.textToken }),
      });
      await call(recorder.proxy, 'POST', '/form', {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `installationId=phone-1&token=${SECRETS.formToken}`,
      });
      await call(recorder.proxy, 'POST', '/broken', {
        body: `{"installationId":"phone-1","token": "${SECRETS.brokenToken}", `,
      });
    } finally {
      await recorder.stop();
    }
    const text = await readFile(file, 'utf8');
    for (const secret of Object.values(SECRETS)) expect(text, secret).to.not.contain(secret);
    const [device_, form, broken] = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(device_.request.path).to.equal(
      '/api/notifications/devices?api_key=(redacted)&access_token=(redacted)&sort=kept',
    );
    expect(device_.request.headers).to.include({
      'x-api-key': '(redacted)',
      authorization: '(redacted)',
      cookie: '(redacted)',
    });
    expect(device_.response.headers['set-cookie']).to.equal('(redacted)');
    expect(JSON.parse(device_.request.body)).to.deep.equal({ ...device, token: '(redacted)' });
    expect([form.request.body, broken.request.body]).to.deep.equal([
      'installationId=phone-1&token=(redacted)',
      '{"installationId":"phone-1","token": "(redacted)", ',
    ]);
    expect(device_.response.body.url).to.equal(device_.request.path);
  });
});
