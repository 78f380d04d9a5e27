import { expect } from 'chai';
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getResponse } from 'msw';
import type { Browser } from 'playwright-core';
import { build } from 'vite';
import { createOpenApiHttp } from 'openapi-msw';
import { createCollabClient, type paths } from '../../generated/client/index.js';
import { examples, handlers } from '../../generated/client/msw.js';
import { readContract, type Contract } from '../../src/contract/declared-responses.js';
import { clientCalls } from '../browser/client-calls.js';
import { expected, readExample } from '../helpers/client-examples.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { needs } from '../helpers/needs.js';
import { startPrism } from '../helpers/prism.js';
import { serveFolder } from '../helpers/static-page.js';

describe("the client's MSW handlers (generated/client/msw.ts)", function () {
  this.timeout(180_000);

  it('when the client calls run against the Prism mock (make mock), then they see the examples, and the paging ends', async () => {
    const mock = await startPrism('mock');
    try {
      expect(await clientCalls(mock.url)).to.deep.equal(await expected());
    } finally {
      await mock.close();
    }
  });

  describe("in Node, through MSW's getResponse, against openapi.yaml and mocks/examples", () => {
    const origin = 'http://msw.test';
    let contract: Contract;
    before(() => {
      contract = readContract('.');
    });
    const ask = async (method: string, path: string, prefer?: string) => {
      const url = origin + path.replace(/\{[^}]+\}/g, '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e');
      const response = await getResponse(
        handlers(origin),
        new Request(url, { method: method.toUpperCase(), headers: prefer === undefined ? {} : { prefer } }),
      );
      if (!response) throw new Error(`no handler answers ${method} ${path}`);
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text === '' ? undefined : (JSON.parse(text) as unknown),
      };
    };

    it('when each declared response is asked for by code, and each of its examples by name, then that status, its declared headers and that example', async () => {
      for (const { operationId, method, path, responses } of contract.operations) {
        for (const { status, mediaType, headers, examples: named } of responses) {
          const choices = named.length
            ? named.map(([name, value]) => [`code=${status}, example=${name}`, value] as const)
            : [[`code=${status}`, undefined] as const];
          for (const [prefer, value] of choices) {
            const reply = await ask(method, path, prefer);
            const where = `${operationId} with Prefer: ${prefer}`;
            expect([reply.status, reply.body], where).to.deep.equal([Number(status), value]);
            expect(reply.headers.get('content-type'), where).to.equal(value === undefined ? null : mediaType);
            for (const [name, declared] of Object.entries(headers))
              expect(reply.headers.get(name), `${where}: ${name}`).to.equal(declared);
          }
        }
      }
    });

    it("when no Prefer is sent, then each operation answers with its first success status and that status's first example", async () => {
      for (const { operationId, method, path, responses } of contract.operations) {
        const success = responses.find(({ status }) => status.startsWith('2'));
        const reply = await ask(method, path);
        expect([reply.status, reply.body], operationId).to.deep.equal([
          Number(success?.status),
          success?.examples[0]?.[1],
        ]);
      }
    });

    it('when the handlers hold the examples, then each body once, under the name of its file in mocks/examples', async () => {
      const bodies = contract.operations.flatMap(({ responses }) =>
        responses.flatMap(({ examples: named }) => named.map(([, value]) => JSON.stringify(value))),
      );
      const held = Object.values(examples).map((value) => JSON.stringify(value));
      expect(held.sort()).to.deep.equal([...new Set(bodies)].sort());
      for (const [name, value] of Object.entries(examples)) expect(value, name).to.deep.equal(await readExample(name));
    });

    it("when a test overrides an operation with openapi-msw on the client's paths, then the client gets that answer, and a body the contract refuses does not compile", async () => {
      const http = createOpenApiHttp<paths>({ baseUrl: origin });
      const streamId = '0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9f';
      const mine = { ...(await readExample('stream-created')), title: 'Mine' };
      const override = http.get('/api/streams/{streamId}', ({ params, response }) =>
        response(200).json({ ...mine, id: params.streamId }),
      );
      // @ts-expect-error a stream without its required members (id, createdAt…) is no 200 of getStream
      http.get('/api/streams/{streamId}', ({ response }) => response(200).json({ title: 'no id' }));
      const client = createCollabClient({
        baseUrl: origin,
        fetch: async (request) => (await getResponse([override, ...handlers(origin)], request)) ?? Response.error(),
      });
      const { data } = await client.GET('/api/streams/{streamId}', { params: { path: { streamId } } });
      expect(data).to.deep.equal({ ...mine, id: streamId });
    });
  });

  describe('in headless Chromium, the handlers in a service worker of a page Vite built', () => {
    let site: Awaited<ReturnType<typeof serveFolder>>;
    let browser: Browser;
    let folder: string;
    before(async function () {
      needs(this, CHROMIUM ? undefined : "Debian's chromium (apt-get install chromium)");
      folder = await mkdtemp(join(tmpdir(), 'client-msw-'));
      // Vite's build sets NODE_ENV=production in this process, which every later child inherits
      // (Prism then forks itself, and fails): put it back.
      const { NODE_ENV } = process.env;
      try {
        await build({
          root: 'test/browser',
          configFile: false,
          logLevel: 'silent',
          build: { outDir: folder, emptyOutDir: true, modulePreload: { polyfill: false } },
        });
      } finally {
        if (NODE_ENV === undefined) delete process.env.NODE_ENV;
        else process.env.NODE_ENV = NODE_ENV;
      }
      await copyFile('node_modules/msw/lib/mockServiceWorker.js', join(folder, 'mockServiceWorker.js'));
      site = await serveFolder(folder);
      browser = await launchChromium();
    });
    after(async () => {
      await browser?.close();
      await site?.close();
      if (folder) await rm(folder, { recursive: true, force: true });
    });

    it('when the same client calls run in the page, then they answer as the Prism mock does', async () => {
      const page = await browser.newPage();
      await page.goto(`${site.origin}/index.html`);
      const seen = await page.evaluate(() =>
        (globalThis as unknown as { runClientCalls: () => Promise<unknown> }).runClientCalls(),
      );
      expect(seen).to.deep.equal(await expected());
    });
  });
});
