import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { call, type CallOptions } from '../helpers/client.js';
import { startRecorder } from '../helpers/recorder.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

const exec = promisify(execFile);
const SECRETS = ['Bearer s3cret-bearer', 'sandbox-session=rec', 'push-token-s3cret'];
const device = {
  installationId: 'phone-1',
  appId: 'com.example.chat',
  platform: 'web',
  token: 'push-token-s3cret',
  environment: 'production',
  transport: 'push_gateway',
};

describe('make record, make scenario, make examples', () => {
  let folder: string;
  let sandbox: Service;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'record-'));
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox.close();
    await rm(folder, { recursive: true, force: true });
  });
  const secretly = (options: CallOptions = {}): CallOptions => ({
    ...options,
    headers: { authorization: SECRETS[0]!, cookie: SECRETS[1]!, 'x-sandbox-session': 'rec', ...options.headers },
  });

  it('when a front end talks to the sandbox through make record, then each exchange is a line, answered as without it, secrets redacted', async () => {
    const file = join(folder, 'sandbox.ndjson');
    const recorder = await startRecorder(sandbox.url, file);
    try {
      expect(
        (await call(recorder.proxy, 'POST', '/sandbox/reset', secretly({ body: { scenario: 'empty-user' } }))).status,
      ).to.equal(204);
      expect(
        (await call(recorder.proxy, 'PUT', '/api/notifications/devices', secretly({ body: device }))).status,
      ).to.equal(201);
      expect(
        (await call(recorder.proxy, 'PATCH', '/api/streams/nav', secretly({ body: { sort: 'recorded' } }))).status,
      ).to.equal(200);
      const listed = await call(recorder.proxy, 'GET', '/api/notifications/devices', secretly());
      expect(listed.body.items[0].token).to.equal(device.token); // the proxy passes answers on unchanged
      expect((await call(recorder.proxy, 'POST', '/api/streams', secretly({ body: {} }))).status).to.equal(400);
    } finally {
      await recorder.stop();
    }
    const text = await readFile(file, 'utf8');
    for (const secret of [...SECRETS, 's3cret-bearer']) expect(text).to.not.contain(secret);
    const all = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    // The sandbox session's state starts it, and again after its reset (record-states.test.ts)
    expect(all.flatMap(({ segment }) => (segment ? [[segment.session, segment.state.scenario]] : []))).to.deep.equal([
      ['rec', undefined],
      ['rec', 'empty-user'],
    ]);
    const lines = all.filter((line) => !line.segment);
    expect(lines.map(({ request, response }) => `${request.method} ${request.path} ${response.status}`)).to.deep.equal([
      'POST /sandbox/reset 204',
      'PUT /api/notifications/devices 201',
      'PATCH /api/streams/nav 200',
      'GET /api/notifications/devices 200',
      'POST /api/streams 400',
    ]);
    expect(lines[1].request.headers).to.include({
      authorization: '(redacted)',
      cookie: '(redacted)',
      'x-sandbox-session': 'rec',
    });
    expect([
      lines[1].request.body.token,
      lines[1].request.body.installationId,
      lines[3].response.body.items[0].token,
    ]).to.deep.equal(['(redacted)', 'phone-1', '(redacted)']);
    expect(lines.filter((line) => line.violations)).to.deep.equal([]);
  });

  it('when the backend answers what the contract does not allow, then the line and the console say so', async () => {
    const broken: Server = createServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"sort":7}'),
    ).listen(0, '127.0.0.1');
    await once(broken, 'listening');
    const file = join(folder, 'broken.ndjson');
    const recorder = await startRecorder(`http://127.0.0.1:${(broken.address() as AddressInfo).port}`, file);
    try {
      expect((await call(recorder.proxy, 'GET', '/api/streams/nav')).body).to.deep.equal({ sort: 7 });
    } finally {
      await recorder.stop();
      broken.close();
    }
    const [line] = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(line.violations).to.include("the body's /sort must be string (the 200 of getNavigationPreferences)");
    expect(recorder.output()).to.contain("contract violation: the body's /sort must be string");
  });

  it('when make scenario reads the recording, then its accepted writes are a scenario the sandbox resets to', async () => {
    const scenarios = join(folder, 'scenarios');
    await exec(
      'make',
      ['--no-print-directory', 'scenario', `FROM=${join(folder, 'sandbox.ndjson')}`, 'NAME=recorded'],
      { env: { ...process.env, SANDBOX_SCENARIOS: scenarios } },
    );
    const scenario = JSON.parse(await readFile(join(scenarios, 'recorded.json'), 'utf8'));
    expect(scenario.steps.map((step: { method: string; path: string }) => `${step.method} ${step.path}`)).to.deep.equal(
      ['PUT /api/notifications/devices', 'PATCH /api/streams/nav'],
    );
    const fromFiles = await startSandbox({ scenariosFolder: scenarios });
    try {
      expect((await call(fromFiles, 'POST', '/sandbox/reset', { body: { scenario: 'recorded' } })).status).to.equal(
        204,
      );
      expect((await call(fromFiles, 'GET', '/api/streams/nav')).body.sort).to.equal('recorded');
      expect(
        (await call(fromFiles, 'GET', '/api/notifications/devices')).body.items.map(
          (item: { installationId: string }) => item.installationId,
        ),
      ).to.deep.equal(['phone-1']);
    } finally {
      await fromFiles.close();
    }
  });

  it("when make examples reads the recording, then it proposes one example a operation and status, in the examples' format", async () => {
    const proposed = join(folder, 'proposed');
    await exec('make', ['--no-print-directory', 'examples', `FROM=${join(folder, 'sandbox.ndjson')}`], {
      env: { ...process.env, EXAMPLES_DIR: proposed },
    });
    expect((await readdir(proposed)).sort()).to.deep.equal([
      'createStream-400.json',
      'listDevices-200.json',
      'patchNavigationPreferences-200.json',
      'registerDevice-201.json',
    ]);
    const example = JSON.parse(await readFile(join(proposed, 'listDevices-200.json'), 'utf8'));
    expect([example.summary, example.value.items[0].token]).to.deep.equal([
      'Recorded: GET /api/notifications/devices answered 200',
      '(redacted)',
    ]);
  });

  it('when make verify-consumer replays the recording, then the service on a fresh store keeps every step (the /sandbox/ ones left out)', async () => {
    const { stdout } = await exec('make', [
      '--no-print-directory',
      'verify-consumer',
      `FILE=${join(folder, 'sandbox.ndjson')}`,
    ]);
    expect(stdout).to.match(/^4 of 4 steps of .*sandbox\.ndjson as the consumer saw them/);
  });
});
