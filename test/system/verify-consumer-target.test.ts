import { execFile } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';

const exec = promisify(execFile);

/** npm run verify-consumer (as make verify-consumer runs it, each argument as given): its exit code and what it printed. */
async function verify(file: string, url: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await exec('npm', ['run', '--silent', 'verify-consumer', '--', file, url]);
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

describe('make verify-consumer stays on its target', function () {
  this.timeout(120_000); // one process per input
  let folder: string;
  let target: Server;
  let url: string;
  const reached: string[] = [];
  const step = (method: string, path: string) => ({ request: { method, path }, response: { status: 200 } });
  const steps = async (...items: unknown[]) => {
    const file = join(folder, `steps-${Math.random().toString(36).slice(2)}.json`);
    await writeFile(file, JSON.stringify({ expectations: items }));
    return file;
  };
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'verify-target-'));
    target = createServer((req, res) => {
      reached.push(`${req.method} ${req.headers.host} ${req.url}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    }).listen(0, '127.0.0.1');
    await once(target, 'listening');
    url = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
  });
  after(async () => {
    target.close();
    await rm(folder, { recursive: true, force: true });
  });

  it('when a path does not start with /, or would change scheme, host or port, then it is refused naming the step, and nothing is sent', async () => {
    for (const path of [
      '40/x',
      '.attacker.example/x',
      '@attacker.example/x',
      'http://attacker.example/x',
      '',
      ':1/x',
    ]) {
      reached.length = 0;
      const { code, output } = await verify(await steps(step('GET', '/api/streams/nav'), step('GET', path)), url);
      expect([code, output], path).to.deep.equal([
        1,
        `Verification refused: step 2 (GET ${path}): a path starts with / and stays on ${url}\n`,
      ]);
      expect(reached, path).to.deep.equal([]);
    }
  });

  it('when the URL is no http(s) URL, a method cannot be sent, or the server does not answer, then one line names it, no stack trace', async () => {
    const good = await steps(step('GET', '/api/streams/nav'));
    const cases: [string, string, string][] = [
      [good, 'not a url', 'Verification refused: URL must be http:// or https:// and a host, not "not a url"\n'],
      [
        good,
        'ftp://127.0.0.1:21',
        'Verification refused: URL must be http:// or https:// and a host, not "ftp://127.0.0.1:21"\n',
      ],
      [await steps(step('GET X', '/api/streams/nav')), url, 'Verification refused: step 1 (GET X /api/streams/nav): '],
      [
        good,
        'http://127.0.0.1:9',
        `Verification refused: step 1 (GET /api/streams/nav): http://127.0.0.1:9 did not answer (`,
      ],
    ];
    for (const [file, to, said] of cases) {
      const { code, output } = await verify(file, to);
      expect([code, output.startsWith(said), output], to).to.deep.equal([1, true, output]);
      expect(output.split('\n').filter(Boolean), to).to.have.length(1);
      expect(output, to).to.not.match(/\n\s+at /);
    }
  });

  it('when the paths stay on the target, then they are sent to it as written', async () => {
    reached.length = 0;
    const { code } = await verify(await steps(step('GET', '/api/streams/nav?x=1'), step('GET', '//double/slash')), url);
    const { host } = new URL(url);
    expect([code, reached]).to.deep.equal([0, [`GET ${host} /api/streams/nav?x=1`, `GET ${host} //double/slash`]]);
  });

  it("when a step's request body was not recorded (past RECORD_BODY_LIMIT), then it is left out, saying so, and the others replayed", async () => {
    reached.length = 0;
    const large = {
      request: { method: 'PUT', path: '/upload', bodyNotRecorded: { bytes: 2097152, why: 'over RECORD_BODY_LIMIT' } },
      response: { status: 200 },
    };
    const file = await steps(large, step('GET', '/api/streams/nav'));
    const { code, output } = await verify(file, url);
    expect([code, output, reached]).to.deep.equal([
      0,
      `step 1 (PUT /upload): left out, its request body was not recorded\n1 of 1 steps of ${file} as the consumer saw them against ${url}\n`,
      [`GET ${new URL(url).host} /api/streams/nav`],
    ]);
  });
});
