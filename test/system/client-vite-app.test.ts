import { expect } from 'chai';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { packClient, run } from '../helpers/client-package.js';
import { needs } from '../helpers/needs.js';

/** What the snippets of mocks/README.md and reference.md say stand for the reader's own: declared, so each ```ts block compiles alone. */
const YOUR_OWN = `import type { CycleTemplateDraftInput as YourDraft, ParagraphElement as YourParagraph } from '@collab/client';
declare const token: string;
declare const templateId: string;
declare const draft: YourDraft;
declare function reload(updatedAt: string | null): void; // null: no draft any more
declare function show(items: readonly unknown[]): void;
declare const paragraph: YourParagraph;
`;
const snippets = async () =>
  (await Promise.all(['mocks/README.md', 'mocks/reference.md'].map((page) => readFile(page, 'utf8'))))
    .flatMap((text) => [...text.matchAll(/^```ts\n([\s\S]*?)^```$/gm)])
    .map((match) => match[1]!);

/** What a front end writes on the client: follow the pages, read a typed problem, tell nodes apart, mock with its MSW handlers. */
const MAIN = `import { Configuration, DevicesApi, StreamsApi, isTextNode, problemOf } from '@collab/client';
import { handlers } from '@collab/client/msw';

const configuration = new Configuration({ basePath: 'http://127.0.0.1:4010' });
const devices = new DevicesApi(configuration);
const streams = new StreamsApi(configuration);

async function show(): Promise<void> {
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await devices.listDevices({ limit: 100, ...(cursor === undefined ? {} : { cursor }) });
    count += page.items.length;
    cursor = page.nextCursor;
  } while (cursor !== undefined);
  const stream = await streams.getStream({ streamId: '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e' }, { headers: { Prefer: 'code=200' } })
    .catch(async (error: unknown) => {
      const problem = await problemOf(error, 'getStream');
      // @ts-expect-error getStream declares no problem with updatedAt (the draft save's 409 has it)
      console.log(problem?.updatedAt);
      throw new Error(problem?.detail ?? String(error));
    });
  const elements = stream.initialMessage?.content.blocks.flatMap((block) => ('elements' in block ? block.elements : [])) ?? [];
  const texts = elements.flatMap((element) => ('children' in element ? element.children : [])).filter(isTextNode);
  document.querySelector<HTMLDivElement>('#app')!.textContent = \`\${count} devices, \${texts.length} text nodes, \${handlers().length} MSW handlers\`;
}
void show();
`;

describe('a scratch Vite vanilla-ts app on the packed client (make client, npm install <tarball>)', function () {
  this.timeout(600_000);
  let folder: string;
  let app: string;
  before(async function () {
    const registry = await run('npm', ['view', 'create-vite@9', 'version'], tmpdir()).then(
      () => undefined,
      () => 'the npm registry (npm view create-vite)',
    );
    needs(this, registry);
    const tarball = await packClient();
    folder = await mkdtemp(join(tmpdir(), 'client-vite-app-'));
    await run('npx', ['--yes', 'create-vite@9', 'app', '--template', 'vanilla-ts', '--no-interactive'], folder);
    app = join(folder, 'app');
    await writeFile(join(app, 'src', 'main.ts'), MAIN);
    await run('npm', ['install', '--no-audit', '--no-fund', tarball, 'msw'], app);
  });
  after(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("when installed, then it is @collab/client at the contract's version", async () => {
    const installed = JSON.parse(
      await readFile(join(app, 'node_modules', '@collab', 'client', 'package.json'), 'utf8'),
    ) as { name: string; version: string };
    const contract = parse(await readFile('openapi.yaml', 'utf8')) as { info: { version: string } };
    expect([installed.name, installed.version]).to.deep.equal(['@collab/client', contract.info.version]);
  });

  it("when built with the template's own script (tsc && vite build: TypeScript 7, strict, erasableSyntaxOnly, verbatimModuleSyntax, noUnusedLocals), then the bundle holds the calls and the handlers", async () => {
    const { stdout } = await run('npx', ['tsc', '--version'], app);
    expect(stdout).to.match(/^Version 7\./);
    await run('npm', ['run', 'build'], app);
    const assets = join(app, 'dist', 'assets');
    const scripts = (await readdir(assets)).filter((name) => name.endsWith('.js'));
    const code = (await Promise.all(scripts.map((name) => readFile(join(assets, name), 'utf8')))).join('\n');
    expect(code).to.include('/api/notifications/devices').and.include('/api/streams/:streamId');
  });

  it("when every ```ts block of mocks/README.md and reference.md is a module of the app, then the template's TypeScript and settings compile each", async () => {
    const blocks = await snippets();
    expect(blocks).to.have.length.above(4);
    await mkdir(join(app, 'src', 'readme'));
    await Promise.all(
      blocks.map((block, index) =>
        writeFile(join(app, 'src', 'readme', `snippet-${index + 1}.ts`), `${YOUR_OWN}${block}export {};\n`),
      ),
    );
    await run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], app).catch((error: { stdout?: string }) => {
      throw new Error(
        `the snippets of mocks/README.md and reference.md do not compile:\n${error.stdout ?? String(error)}`,
      );
    });
  });

  it("when TypeScript 5 checks it (this project's, strict and noUncheckedIndexedAccess), then it compiles too", async () => {
    await run(resolve('node_modules/.bin/tsc'), ['-p', 'tsconfig.json', '--strict', '--noUncheckedIndexedAccess'], app);
  });
});
