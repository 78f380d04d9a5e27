import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import express from 'express';
import { loadSpec, type OpenApiDocument } from '../../src/contract/spec.js';
import { deprecationHeaders } from '../../src/edge/deprecation.js';
import { call } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** A test copy of openapi.yaml in which reading a stream is deprecated. */
function specWithDeprecatedGet(
  dates: Json = { 'x-deprecated-at': '2026-11-24', 'x-sunset': '2027-06-30' },
): OpenApiDocument {
  const spec = structuredClone(loadSpec()) as Json;
  Object.assign(spec.paths['/api/streams/{streamId}'].get, { deprecated: true, ...dates });
  return spec as OpenApiDocument;
}

/** The middleware in front of routes that answer every request, as the service's routes would. */
async function serve(spec: OpenApiDocument): Promise<Service> {
  const app = express()
    .use(deprecationHeaders(spec))
    .use((_req, res) => {
      res.status(200).json({});
    });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dataFile: '',
    close: async () => {
      server.close();
    },
  };
}

describe('Deprecation and Sunset headers, from openapi.yaml', () => {
  let served: Service;
  before(async () => {
    served = await serve(specWithDeprecatedGet());
  });
  after(async () => {
    await served.close();
  });

  it('when a deprecated operation is called, then it answers with Deprecation (RFC 9745) and Sunset (RFC 8594)', async () => {
    const reply = await call(served, 'GET', '/api/streams/0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e');
    expect(reply.headers.get('deprecation')).to.equal(`@${Date.UTC(2026, 10, 24) / 1000}`);
    expect(reply.headers.get('sunset')).to.equal('Wed, 30 Jun 2027 00:00:00 GMT');
  });

  it('when another method of its path, or another path, is called, then neither header is sent', async () => {
    for (const [method, path] of [
      ['POST', '/api/streams'],
      ['GET', '/api/streams/nav'],
      ['GET', '/api/streams/a/b'],
      ['DELETE', '/api/streams/x'],
    ]) {
      const reply = await call(served, method!, path!);
      expect([reply.headers.get('deprecation'), reply.headers.get('sunset')], `${method} ${path}`).to.deep.equal([
        null,
        null,
      ]);
    }
  });

  it('when a deprecated operation has no x-deprecated-at date, then the service refuses to start', () => {
    expect(() => deprecationHeaders(specWithDeprecatedGet({ 'x-sunset': '2027-06-30' }))).to.throw(
      /x-deprecated-at must be a date/,
    );
  });

  describe('the service with openapi.yaml as it is', () => {
    let service: Service;
    before(async () => {
      service = await startService();
    });
    after(async () => {
      await service.close();
    });

    it('when an operation that is not deprecated answers, then it sends no Deprecation header', async () => {
      const reply = await call(service, 'GET', '/api/streams/0193a5f2-7c1e-7b3a-9d2e-4f5a6b7c8d9e');
      expect(reply.status).to.equal(404);
      expect(reply.headers.get('deprecation')).to.equal(null);
    });
  });
});
