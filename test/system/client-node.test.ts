import { expect } from 'chai';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'yaml';
import { packClient, run } from '../helpers/client-package.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

/** A test as a plain JavaScript project writes it, for node --test: no TypeScript loader anywhere. */
const TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createCollabClient, etagOf, nextCursor } from '@collab/client';

const client = createCollabClient({ baseUrl: process.env.API, headers: { 'X-Sandbox-Session': 'node-test' } });
test('create a stream, read it back, page the devices', async () => {
  const created = await client.POST('/api/streams', { body: { title: 'From plain Node' } });
  assert.equal(created.response.status, 201);
  const { data } = await client.GET('/api/streams/{streamId}', { params: { path: { streamId: created.data.id } } });
  assert.equal(data.title, 'From plain Node');
  assert.equal(etagOf(created.response), created.response.headers.get('ETag') ?? undefined);
  const page = await client.GET('/api/notifications/devices', { params: { query: { limit: 1 } } });
  assert.equal(page.data.items.length, 1);
  assert.equal(typeof nextCursor(page.response), 'string');
});
`;

describe('the packed client (make client) in plain Node: npm install <tarball>, import, node --test', function () {
  this.timeout(300_000);
  let folder: string;
  let sandbox: Service;
  before(async () => {
    const tarball = await packClient();
    folder = await mkdtemp(join(tmpdir(), 'client-node-'));
    await writeFile(join(folder, 'package.json'), '{ "name": "plain", "private": true, "type": "module" }\n');
    // --offline: its one dependency, openapi-fetch, comes from npm's cache (npm ci of this project put it there).
    await run('npm', ['install', '--offline', '--no-audit', '--no-fund', tarball], folder);
    sandbox = await startSandbox();
  });
  after(async () => {
    await sandbox?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("when node imports @collab/client, then it gets the compiled ESM with its types beside it, at the contract's version", async () => {
    const { stdout } = await run(
      'node',
      [
        '-e',
        `import('@collab/client').then((client) => console.log(typeof client.createCollabClient, typeof client.retrying))`,
      ],
      folder,
    );
    expect(stdout.trim()).to.equal('function function');
    const installed = join(folder, 'node_modules', '@collab', 'client');
    const manifest = JSON.parse(await readFile(join(installed, 'package.json'), 'utf8')) as {
      version: string;
      private?: boolean;
    };
    const contract = parse(await readFile('openapi.yaml', 'utf8')) as { info: { version: string } };
    expect([manifest.version, manifest.private]).to.deep.equal([contract.info.version, undefined]);
    for (const file of ['index.js', 'index.d.ts', 'msw.js', 'msw.d.ts', 'client.js.map'])
      expect(existsSync(join(installed, file)), file).to.equal(true);
    expect(existsSync(join(installed, 'index.ts')), 'no TypeScript sources').to.equal(false);
  });

  it('when node --test runs a plain JavaScript test on it against the sandbox, then it passes', async () => {
    await writeFile(join(folder, 'client.test.mjs'), TEST);
    const { stdout } = await run('node', ['--test', '--test-reporter=tap', 'client.test.mjs'], folder, {
      API: sandbox.url,
    });
    expect(stdout)
      .to.match(/# pass 1\b/)
      .and.match(/# fail 0\b/);
  });
});
