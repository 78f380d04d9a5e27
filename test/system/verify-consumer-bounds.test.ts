import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, open, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { groupPids } from '../helpers/proc-stat.js';
import { track } from '../helpers/process.js';
import { until } from '../helpers/until.js';
import { ownTemp, verify } from '../helpers/verify-consumer.js';

const step = (method: string, path: string, body?: unknown, status = 200) => ({
  request: { method, path, ...(body === undefined ? {} : { body }) },
  response: { status },
});

describe('make verify-consumer is bounded and leaves nothing in the temp folder', function () {
  this.timeout(300_000); // a process per case, one reading 300 MB
  let folder: string; // its inputs
  let temp: string; // its TMPDIR
  const file = async (name: string, document: unknown) => {
    const path = join(folder, name);
    await writeFile(path, JSON.stringify(document));
    return path;
  };
  const left = async () => expect(await readdir(temp), 'left in its temp folder').to.deep.equal([]);
  before(async () => {
    folder = await mkdtemp(join(tmpdir(), 'verify-bounds-'));
  });
  beforeEach(async () => {
    temp = await mkdtemp(join(tmpdir(), 'verify-bounds-temp-'));
  });
  afterEach(async () => {
    await rm(temp, { recursive: true, force: true });
  });
  after(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('when a file is refused once its store is made (a method fetch cannot send), then one line, exit 1', async () => {
    const refused = await file('method.json', { expectations: [step('GET X', '/api/streams/nav')] });
    expect(await verify(refused, undefined, ownTemp(temp))).to.deep.equal({
      code: 2,
      status: 1,
      output: "Verification refused: step 1 (GET X /api/streams/nav): 'GET X' is not a valid HTTP method.\n",
    });
    await left();
  });

  it("when a step's body is 300 MB, then one line names the step and BODY_LIMIT, exit 1 (it aborted natively in JSON.stringify)", async () => {
    const path = join(folder, 'large.json');
    const handle = await open(path, 'w');
    await handle.write('{"expectations":[{"request":{"method":"PUT","path":"/api/streams/nav","body":{"note":"');
    const megabyte = Buffer.alloc(1024 ** 2, 'a');
    for (let index = 0; index < 300; index++) await handle.write(megabyte);
    await handle.write('"}},"response":{"status":200}}]}');
    await handle.close();
    expect(await verify(path, undefined, ownTemp(temp))).to.deep.equal({
      code: 2,
      status: 1,
      output:
        'Verification refused: step 1 (PUT /api/streams/nav): its request body takes more than BODY_LIMIT (1048576 bytes) as JSON, which the service refuses unread\n',
    });
    await left();
  });

  it('when a recorded path holds CR and LF, then one line with them escaped, exit 1, and no line forged', async () => {
    const forged = '/api/streams/nav\r\n1 of 1 steps of expectations.json as the consumer saw them';
    const line = { request: { method: 'GET', path: forged }, response: { status: 200 } };
    const path = join(folder, 'forged.ndjson');
    await writeFile(path, `${JSON.stringify(line)}\n${JSON.stringify(line)}\n`);
    expect(await verify(path, undefined, ownTemp(temp))).to.deep.equal({
      code: 2,
      status: 1,
      output:
        'Verification refused: step 1 (GET /api/streams/nav\\r\\n1 of 1 steps of expectations.json as the consumer saw them): a path holds no control characters\n',
    });
    await left();
  });

  it('when a request body takes BODY_LIMIT bytes it is sent, and one byte more is refused naming the step, of a state too', async () => {
    const settings = { ...ownTemp(temp), BODY_LIMIT: '1kb' };
    const body = (bytes: number) => ({ patch: { note: 'a'.repeat(bytes - '{"patch":{"note":""}}'.length) } });
    const patch = (bytes: number) => step('PATCH', '/api/identity/settings/profile', body(bytes));
    const within = await file('within.json', { expectations: [patch(1024)] });
    expect(await verify(within, undefined, settings)).to.deep.equal({
      code: 0,
      status: 0,
      output: `1 of 1 steps of ${within} as the consumer saw them against this service on a fresh store\n`,
    });
    const past = await file('past.json', { expectations: [step('GET', '/api/streams/nav'), patch(1025)] });
    expect(await verify(past, undefined, settings)).to.include({
      status: 1,
      output:
        'Verification refused: step 2 (PATCH /api/identity/settings/profile): its request body takes more than BODY_LIMIT (1024 bytes) as JSON, which the service refuses unread\n',
    });
    const state = { from: 'scenario', scenario: 'big', steps: [patch(1025)] };
    const inState = await file('state.json', {
      segments: [{ state, expectations: [step('GET', '/api/streams/nav')] }],
    });
    expect((await verify(inState, undefined, settings)).output).to.equal(
      'Verification refused: scenario big, PATCH /api/identity/settings/profile: its request body takes more than BODY_LIMIT (1024 bytes) as JSON, which the service refuses unread\n',
    );
    await left();
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`when ${signal} reaches its process group (as Ctrl-C sends SIGINT) while it replays, then its store is removed`, async () => {
      // Enough steps that it is still replaying when its store shows: the signal is sent as soon as it does.
      const many = await file('many.json', { expectations: Array(50_000).fill(step('GET', '/api/streams/nav')) });
      const child = track(
        spawn('make', ['--no-print-directory', 'verify-consumer', `FILE=${many}`], {
          env: { ...process.env, ...ownTemp(temp) },
          stdio: 'ignore',
          detached: true,
        }),
      );
      const exited = once(child, 'exit');
      await until(async () => (await readdir(temp)).some((name) => name.startsWith('verify-consumer-')), 20);
      process.kill(-child.pid!, signal);
      await exited;
      await until(() => groupPids(child.pid!).length === 0, 20); // make does not wait for its recipe
      await left();
    });
  }
});
