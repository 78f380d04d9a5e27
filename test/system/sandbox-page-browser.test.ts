import { expect } from 'chai';
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { call, type CallOptions } from '../helpers/client.js';
import { needs } from '../helpers/needs.js';
import { rawRequest } from '../helpers/raw.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

const SESSION = 'page-test';
const in_ = (options: CallOptions = {}): CallOptions => ({
  ...options,
  headers: { 'x-sandbox-session': SESSION, ...options.headers },
});
/** Where the pages' screenshots are kept, printed as they are taken. */
const SHOTS = join(tmpdir(), `sandbox-page-${process.pid}`);
/** axe-core, where it is installed (a devDependency, or NODE_PATH); else undefined. */
const AXE = (() => {
  try {
    return createRequire(import.meta.url).resolve('axe-core/axe.min.js');
  } catch {
    return undefined;
  }
})();

describe('the sandbox page (GET /sandbox/) in headless Chromium', function () {
  this.timeout(120_000);
  let sandbox: Service;
  let browser: Browser;
  let page: Page;
  const problems: string[] = []; // the page's console errors, uncaught errors and refused loads (CSP)
  let created: string;
  before(async function () {
    needs(this, CHROMIUM ? undefined : "Debian's chromium (apt-get install chromium)");
    [sandbox, browser] = await Promise.all([startSandbox(), launchChromium(), mkdir(SHOTS, { recursive: true })]);
    page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    page.on(
      'response',
      (response) => response.status() >= 400 && problems.push(`${response.status()} ${response.url()}`),
    );
    await call(sandbox, 'POST', '/sandbox/reset', in_());
    const stream = await call(sandbox, 'POST', '/api/streams', in_({ body: { title: 'Written by the test' } }));
    created = stream.body.id;
    const refused = await call(sandbox, 'PUT', '/api/chat/reads', in_({ body: { streamId: 'not-a-uuid' } }));
    expect([stream.status, refused.status]).to.deep.equal([201, 400]);
  });
  after(async () => {
    await browser?.close();
    await sandbox?.close();
  });
  afterEach(() => {
    expect(problems, 'errors in the page').to.deep.equal([]);
  });

  const shoot = async (name: string) => {
    const path = join(SHOTS, `${name}.png`);
    await page.screenshot({ path, fullPage: true });
    console.log(`      screenshot: ${path}`);
  };
  const requestLines = () => page.locator('#requests > li summary').allInnerTexts();

  it('when a session sent requests, one refused with 400, then its page lists them newest first with statuses and the problem; its state shows what it wrote; a new request appears without a reload', async () => {
    await page.goto(`${sandbox.url}/sandbox/?session=${SESSION}`);
    await page.locator('#requests > li').nth(1).waitFor();
    const lines = (await requestLines()).map((line) => line.split(/\s+/).slice(1, 4).join(' '));
    expect(lines).to.deep.equal(['PUT /api/chat/reads 400', 'POST /api/streams 201']);
    const problem = await page.locator('#requests > li').first().locator('.problem').innerText();
    expect(problem).to.include('The request breaks the contract').and.include('/body/streamId');
    expect(await page.locator('#state').innerText())
      .to.include('Written by the test')
      .and.include(created);

    await call(sandbox, 'GET', '/api/streams/nav', in_());
    await page.locator('#requests > li').nth(2).waitFor();
    expect((await requestLines())[0]).to.match(/GET\s+\/api\/streams\/nav\s+200/);
    await shoot('session');
  });

  it('when a request is opened from the keyboard, then both sides show in full and whether the answer fits the contract', async () => {
    const refused = page.locator('#requests > li').nth(1);
    await refused.locator('summary').focus();
    await page.keyboard.press('Enter');
    await refused.getByText('The answer fits openapi.yaml.').waitFor();
    const opened = await refused.locator('.sides').innerText();
    expect(opened).to.include('x-sandbox-session').and.include('not-a-uuid').and.include('application/problem+json');
    await shoot('request');
  });

  it('when a scenario is chosen and the session reset from the page, then the session holds the scenario', async () => {
    await page.getByLabel('Start from').selectOption('empty-user');
    await page.getByRole('button', { name: 'Reset the session' }).click();
    await page.getByText('Started from empty-user').waitFor();
    await page.getByText('streams (0)').waitFor();
    expect(await page.locator('#requests > li').count()).to.equal(0);
    expect((await call(sandbox, 'GET', `/api/streams/${created}`, in_())).status).to.equal(404);
    expect((await call(sandbox, 'GET', '/sandbox/session', in_())).body.scenario).to.equal('empty-user');
  });

  it('when the expectations are downloaded, then the file is the export of GET /sandbox/requests?format=expectations', async () => {
    await call(sandbox, 'GET', '/api/streams/nav', in_());
    await page.locator('#requests > li').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download expectations' }).click(),
    ]);
    const file = JSON.parse(await readFile(await download.path(), 'utf8'));
    expect(download.suggestedFilename()).to.equal(`expectations-${SESSION}.json`);
    expect(file).to.deep.equal((await call(sandbox, 'GET', '/sandbox/requests?format=expectations', in_())).body);
    const last = file.segments.at(-1); // since the reset to empty-user: a segment of its own, with its starting state
    expect(last.state).to.include({ from: 'scenario', scenario: 'empty-user' });
    expect(last.expectations.map((step: { request: { path: string } }) => step.request.path)).to.deep.equal([
      `/api/streams/${created}`,
      '/api/streams/nav',
    ]);
  });

  it('when the sessions page is opened, then it lists the session with its requests and links to its page', async () => {
    await page.goto(`${sandbox.url}/sandbox/`);
    const row = page.getByRole('row', { name: new RegExp(`^${SESSION}\\b`) });
    await row.waitFor();
    expect(await row.innerText()).to.match(/empty-user/);
    await shoot('sessions');
    await row.getByRole('link', { name: SESSION }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: `Session ${SESSION}` }).waitFor();
    await page.getByText('Started from empty-user').waitFor();
    expect(await page.getByLabel('Start from').inputValue()).to.equal('empty-user'); // the controls show its settings
  });

  it('when axe-core checks both pages, then it finds no violation', async function () {
    needs(this, AXE ? undefined : 'axe-core (a devDependency, or NODE_PATH naming a node_modules that has it)');
    const source = await readFile(AXE!, 'utf8');
    for (const [path, shown] of [
      ['/sandbox/', '#session-rows tr'],
      [`/sandbox/?session=${SESSION}`, '#requests > li'],
    ] as const) {
      await page.goto(`${sandbox.url}${path}`);
      await page.locator(shown).first().waitFor();
      await page.evaluate(source); // through the debugger, so the page's script-src 'self' does not refuse it
      const violations = await page.evaluate(async () => {
        const { violations } = await (
          globalThis as unknown as { axe: { run(): Promise<{ violations: [] }> } }
        ).axe.run();
        return violations.map(({ id, nodes }: { id: string; nodes: unknown[] }) => `${id} (${nodes.length})`);
      });
      expect(violations, path).to.deep.equal([]);
    }
  });
});

describe('GET /sandbox/: served by the sandbox only, behind its Host check', () => {
  it('when the service is asked for the page, then 404; when the sandbox is asked under a foreign Host, then 421', async () => {
    const [service, sandbox] = await Promise.all([startService(), startSandbox()]);
    try {
      expect((await call(service, 'GET', '/sandbox/')).status).to.equal(404);
      for (const path of ['/sandbox/', '/sandbox/page.js', '/sandbox/sessions', '/sandbox/events'])
        expect((await rawRequest(sandbox, 'GET', path, { host: 'attacker.test' })).status, path).to.equal(421);
      const served = await call(sandbox, 'GET', '/sandbox/');
      expect([served.status, served.headers.get('content-security-policy')]).to.deep.equal([
        200,
        "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
      ]);
    } finally {
      await Promise.all([service.close(), sandbox.close()]);
    }
  });
});
