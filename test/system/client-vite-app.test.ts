import { expect } from 'chai';
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parse } from 'yaml';
import { run } from '../helpers/client-package.js';
import { registryMissing, WRONG, viteApp } from '../helpers/client-vite-app.js';
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

describe('a scratch Vite vanilla-ts app on the packed client (make client, npm install <tarball>): its type check', function () {
  this.timeout(600_000);
  let app: string;
  before(async function () {
    needs(this, await registryMissing());
    app = await viteApp();
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

  it("when a module sends a sound that is not a Sound, or a body without a required member, then the template's type check refuses both", async () => {
    await mkdir(join(app, 'src', 'wrong'));
    try {
      await writeFile(join(app, 'src', 'wrong', 'wrong.ts'), WRONG);
      const refused = await run('npx', ['tsc', '--noEmit', '-p', 'tsconfig.json'], app).then(
        () => 'compiled',
        (error: { stdout?: string }) => error.stdout ?? String(error),
      );
      expect(refused).to.match(/wrong\.ts\(3,\d+\).*'"not-a-sound"' is not assignable/);
      expect(refused).to.match(/wrong\.ts\(4,\d+\).*[Pp]roperty 'title' is missing/);
    } finally {
      await rm(join(app, 'src', 'wrong'), { recursive: true, force: true });
    }
  });
});
