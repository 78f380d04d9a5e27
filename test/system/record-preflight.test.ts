import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { LOOPBACK_ORIGINS } from '../../src/config/cors-origins.js';
import { call } from '../helpers/client.js';
import { startRecorder } from '../helpers/recorder.js';
import { startService, type Service } from '../helpers/service.js';

const exec = promisify(execFile);
const ORIGIN = 'http://localhost:5173';

/** What a browser sends for a page on ORIGIN: a preflight first where the request needs one, then the request. */
async function fromThePage(api: Service, method: string, path: string, type: string, body: unknown): Promise<number> {
  const preflight = await call(api, 'OPTIONS', path, {
    headers: {
      origin: ORIGIN,
      'access-control-request-method': method,
      'access-control-request-headers': 'content-type',
    },
  });
  expect(preflight.status).to.equal(204);
  return (await call(api, method, path, { headers: { origin: ORIGIN, 'content-type': type }, body })).status;
}

/** make verify-consumer: its exit code and what it printed. */
async function verify(file: string, url?: string): Promise<{ code: number; output: string }> {
  const args = ['--no-print-directory', 'verify-consumer', `FILE=${file}`, ...(url ? [`URL=${url}`] : [])];
  try {
    const { stdout, stderr } = await exec('make', args);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('make record and make verify-consumer with a browser’s CORS preflights', () => {
  let folder: string;
  let file: string;
  let output: string;
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'record-preflight-'));
    file = join(folder, 'browser.ndjson');
    const service = await startService({ corsOrigins: LOOPBACK_ORIGINS });
    const recorder = await startRecorder(service.url, file);
    try {
      const page = recorder.proxy;
      expect(
        await fromThePage(page, 'PATCH', '/api/streams/nav', 'application/merge-patch+json', { sort: 'recent' }),
      ).to.equal(200);
      expect(await fromThePage(page, 'POST', '/api/streams', 'application/json', { title: 'From the page' })).to.equal(
        201,
      );
    } finally {
      output = recorder.output();
      await recorder.stop();
      await service.close();
    }
  });
  after(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('when a page’s flow is recorded, then its preflights are lines of their own and no contract violation', async () => {
    const lines = (await readFile(file, 'utf8'))
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.map(({ request, response }) => `${request.method} ${request.path} ${response.status}`)).to.deep.equal([
      'OPTIONS /api/streams/nav 204',
      'PATCH /api/streams/nav 200',
      'OPTIONS /api/streams 204',
      'POST /api/streams 201',
    ]);
    expect(lines.flatMap((line) => line.violations ?? [])).to.deep.equal([]);
    expect(output).to.not.contain('contract violation');
  });

  it('when make verify-consumer replays it against the unchanged service, then every step holds, the preflights as CORS answers', async () => {
    const { code, output: said } = await verify(file);
    expect([code, said]).to.deep.equal([
      0,
      `4 of 4 steps of ${file} as the consumer saw them against this service on a fresh store\n`,
    ]);
  });

  it('when the service no longer allows the page’s origin, then it exits non-zero naming each preflight step', async () => {
    const elsewhere = await startService({ corsOrigins: ['https://elsewhere.example'] });
    try {
      const { code, output: said } = await verify(file, elsewhere.url);
      expect(code).to.not.equal(0);
      expect(said)
        .to.contain(
          `step 1 (OPTIONS /api/streams/nav): the preflight from ${ORIGIN} for PATCH with content-type was answered 403\n`,
        )
        .and.to.contain(
          `step 3 (OPTIONS /api/streams): the preflight from ${ORIGIN} for POST with content-type was answered 403\n`,
        )
        .and.to.contain('2 of 4 steps');
    } finally {
      await elsewhere.close();
    }
  });
});
