import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { specPath } from '../../src/contract/spec.js';
import { rawRequest, type RawResponse } from '../helpers/raw.js';
import { needs } from '../helpers/needs.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

// The files served beside the API answer ranges and preconditions as RFC 9110 says, never 500.

/** /docs serves dist/docs/, which npm run build:docs builds (npm test and npm run test:fast run it first). */
const docsBuilt = () => existsSync(join(dirname(specPath), 'dist', 'docs', 'index.html'));

function expectProblem(reply: RawResponse, status: number, kind: string): void {
  expect(reply.status, reply.text).to.equal(status);
  expect(reply.headers['content-type']).to.match(/^application\/problem\+json/);
  expect(JSON.parse(reply.text)).to.include({ type: `urn:problem:collab:${kind}`, status });
  expect(reply.headers['x-request-id']).to.match(/^[0-9a-f-]{36}$/);
}

for (const [server, start, files] of [
  ['the service', () => startService(), ['/openapi.yaml', '/docs']],
  ['the sandbox', () => startSandbox(), ['/openapi.yaml', '/sandbox/']],
] as const) {
  describe(`files served beside the API, on ${server}`, () => {
    let service: Service;
    before(async () => {
      service = await start();
    });
    after(async () => {
      await service.close();
    });
    const get = (path: string, headers: Record<string, string> = {}) => rawRequest(service, 'GET', path, headers);

    for (const path of files) {
      describe(path, () => {
        let whole: RawResponse;
        beforeEach(async function () {
          if (path === '/docs') needs(this, docsBuilt() ? undefined : 'the reference built: npm run build:docs');
          whole = await get(path);
          expect(whole.status).to.equal(200);
        });

        it('when a satisfiable Range is asked, then 206 with those bytes and Content-Range', async () => {
          const reply = await get(path, { range: 'bytes=0-4' });
          expect([reply.status, reply.text]).to.deep.equal([206, whole.text.slice(0, 5)]);
          expect(reply.headers['content-range']).to.equal(`bytes 0-4/${Buffer.byteLength(whole.text)}`);
        });
        it('when no range asked lies within the file (bytes=5-1, or from its end), then 416 range-not-satisfiable with Content-Range: bytes */length', async () => {
          for (const range of ['bytes=5-1', `bytes=${Buffer.byteLength(whole.text)}-`]) {
            const reply = await get(path, { range });
            expectProblem(reply, 416, 'range-not-satisfiable');
            expect(reply.headers['content-range'], range).to.equal(`bytes */${Buffer.byteLength(whole.text)}`);
          }
        });

        it('when If-Modified-Since is its Last-Modified, then 304', async () => {
          expect((await get(path, { 'if-modified-since': String(whole.headers['last-modified']) })).status).to.equal(
            304,
          );
        });

        it('when If-Match names an ETag (these files have none), or If-Unmodified-Since a time before its change, then 412 precondition-failed', async () => {
          expectProblem(await get(path, { 'if-match': '"another"' }), 412, 'precondition-failed');
          expectProblem(
            await get(path, { 'if-unmodified-since': 'Mon, 01 Jan 1990 00:00:00 GMT' }),
            412,
            'precondition-failed',
          );
        });

        it('when If-Range names another ETag, then the whole file, 200', async () => {
          const reply = await get(path, { range: 'bytes=0-4', 'if-range': '"another"' });
          expect([reply.status, reply.text.length]).to.deep.equal([200, whole.text.length]);
        });
      });
    }
  });
}
