import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { loadSpec, specPath } from '../../src/contract/spec.js';
import { CHROMIUM, launchChromium } from '../helpers/browser.js';
import { call } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';
import { needs } from '../helpers/needs.js';

const summaries = Object.values(loadSpec().paths).flatMap((item) =>
  Object.values(item)
    .map((operation) => (operation as { summary?: string }).summary)
    .filter((s): s is string => Boolean(s)),
);

/** Each request example (its first media type's, which Redoc shows) and the string values in it. */
const requestExamples = Object.values(loadSpec().paths)
  .flatMap((item) =>
    Object.values(item).flatMap((operation) => {
      const content = (
        operation as { requestBody?: { content: Record<string, { examples?: Record<string, { $ref: string }> }> } }
      ).requestBody?.content;
      return Object.values(Object.values(content ?? {})[0]?.examples ?? {}).map(({ $ref }) => $ref);
    }),
  )
  .map(($ref) => ({
    $ref,
    strings: stringsIn((JSON.parse(readFileSync(join(dirname(specPath), $ref), 'utf8')) as { value: unknown }).value),
  }));

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value !== 'object' || value === null) return [];
  return Object.values(value).flatMap(stringsIn);
}

describe('the rendered reference (GET /docs, GET /openapi.yaml)', function () {
  this.timeout(120_000);
  let service: Service;
  before(async () => {
    execFileSync('npm', ['run', '--silent', 'build:docs'], { stdio: 'ignore' }); // in step with openapi.yaml
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  it('when /openapi.yaml is fetched, then it is the bundled contract with the examples inlined', async () => {
    const reply = await call(service, 'GET', '/openapi.yaml');
    expect(reply.status).to.equal(200);
    expect(reply.headers.get('content-type')).to.match(/^application\/yaml/);
    expect(reply.body)
      .to.match(/^openapi: 3\.0\.3/)
      .and.contain('createStream')
      .and.not.contain('mocks/examples/');
  });

  it(`when /docs is opened in headless Chromium, then all ${summaries.length} operation summaries and every request example are on the page`, async function () {
    needs(this, CHROMIUM ? undefined : "Debian's chromium (apt-get install chromium)");
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      const response = await page.goto(`${service.url}/docs`, { waitUntil: 'load' });
      expect(response?.status()).to.equal(200);
      // Redoc renders after load: wait until the visible text holds the summaries (or time out and report).
      await page
        .waitForFunction(
          (expected) => {
            const { document } = globalThis as unknown as { document: { body: { innerText: string } } };
            return expected.every((summary) => document.body.innerText.includes(summary));
          },
          summaries,
          { timeout: 30_000 },
        )
        .catch(() => {});
      const text = await page.locator('body').innerText();
      for (const summary of summaries) expect(text, summary).to.contain(summary);
      expect(text).to.contain('Collaboration Service API');
      expect(text, 'the changelog ends the introduction, with the last release')
        .to.contain('Changelog')
        .and.contain(
          `${(parse(readFileSync('contract/released.yaml', 'utf8')) as { info: { version: string } }).info.version} (`,
        );
      expect(text.split('Request samples').length - 1, 'one request sample panel per operation with a body').to.equal(
        requestExamples.length,
      );
      for (const { $ref, strings } of requestExamples) {
        for (const value of strings) expect(text, `${$ref}: ${value}`).to.contain(JSON.stringify(value));
      }
    } finally {
      await browser.close();
    }
  });
});
