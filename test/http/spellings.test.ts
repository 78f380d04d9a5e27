import { expect } from 'chai';
import { loadSpec } from '../../src/contract/spec.js';
import { call } from '../helpers/client.js';
import { aDevice, uuid } from '../helpers/factories.js';
import { rawRequest, type RawResponse } from '../helpers/raw.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

// A path of the contract spelled otherwise is no route, whatever the method; a parameter is data.

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
const OPERATIONS = ['get', 'put', 'post', 'patch', 'delete'];
const PATHS = Object.keys(loadSpec().paths).filter((template) => template.startsWith('/api/'));
const fill = (template: string, value: (name: string) => string) =>
  template.replace(/\{([^}]+)\}/g, (_, name: string) => value(name));
const served = (template: string) =>
  Object.keys(loadSpec().paths[template] ?? {})
    .filter((method) => OPERATIONS.includes(method))
    .map((method) => method.toUpperCase());
const parameters = (template: string) => [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);

/** Spellings of a path of the contract that name no path of it: a parameter (`;name=value`) on a segment among them. */
function respellings(template: string): string[] {
  const path = fill(template, () => uuid());
  const cut = path.lastIndexOf('/');
  return [
    `${path}/`,
    `${path.slice(0, cut)}//${path.slice(cut + 1)}`,
    `/API${path.slice('/api'.length)}`,
    path.replace(/^\/api\/(.)/, (_, first: string) => `/api/${first.toUpperCase()}`),
    `${path};v=2`,
    `${path.slice(0, cut)};v/${path.slice(cut + 1)}`,
  ];
}

function send(service: Service, method: string, path: string): Promise<RawResponse> {
  const body = ['POST', 'PUT', 'PATCH'].includes(method) ? '{}' : undefined;
  return rawRequest(service, method, path, body === undefined ? {} : { 'content-type': 'application/json' }, body);
}

function expectProblem(reply: RawResponse, method: string, status: number, what: string): Record<string, unknown> {
  expect(reply.status, what).to.equal(status);
  expect(reply.headers['content-type'], what).to.match(/^application\/problem\+json/);
  if (method === 'HEAD') return {};
  const problem = JSON.parse(reply.text) as Record<string, unknown>;
  expect(problem.status, what).to.equal(status);
  return problem;
}

for (const [server, start] of [
  ['the service', () => startService()],
  ['the sandbox', () => startSandbox()],
] as const) {
  describe(`paths spelled otherwise, on ${server}`, () => {
    let service: Service;
    before(async () => {
      service = await start();
    });
    after(async () => {
      await service.close();
    });

    for (const template of PATHS) {
      it(`when ${template} gets a trailing slash, a doubled slash, another case or a ;parameter, then 404 not-found as a problem, with any method`, async () => {
        for (const path of respellings(template)) {
          for (const method of METHODS) {
            const problem = expectProblem(await send(service, method, path), method, 404, `${method} ${path}`);
            if (method !== 'HEAD') expect(problem.type, `${method} ${path}`).to.equal('urn:problem:collab:not-found');
          }
        }
      });
    }

    for (const template of PATHS.filter((path) => parameters(path).length > 0)) {
      for (const name of parameters(template)) {
        it(`when {${name}} of ${template} is not valid percent-encoding, then 400 names /params/${name} for the methods it serves, 405 for the others`, async () => {
          for (const bad of ['%E0%A4%A', '%ZZ', '%']) {
            const path = fill(template, (each) => (each === name ? `a${bad}` : uuid()));
            for (const method of METHODS.filter((each) => each !== 'OPTIONS')) {
              const serves = served(template).includes(method === 'HEAD' ? 'GET' : method);
              const problem = expectProblem(await send(service, method, path), method, serves ? 400 : 405, path);
              if (serves && method !== 'HEAD')
                expect(problem.errors, `${method} ${path}`).to.deep.equal([
                  {
                    path: `/params/${name}`,
                    message: 'must be percent-encoded UTF-8: each % followed by two hex digits',
                  },
                ]);
            }
          }
        });
      }
    }

    it('when a UUID parameter holds an encoded slash, then 400 names it, as any other value that is not a UUID', async () => {
      for (const path of [`/api/streams/${uuid()}%2F${uuid()}`, `/api/cycles/templates/a%2Fb/draft`]) {
        const reply = await call(service, 'GET', path);
        expect(reply.status, path).to.equal(400);
        expect(
          reply.body.errors.map((error: { path: string }) => error.path),
          path,
        ).to.have.length(1);
      }
    });

    it('when a namespace holds an encoded slash, then the slash is part of the name: stored under it, read back by it, and no other', async () => {
      const saved = await call(service, 'PATCH', '/api/identity/settings/team%2Fa', {
        body: { patch: { theme: 'dark' } },
      });
      expect(saved.status).to.equal(200);
      expect(saved.body.namespace).to.equal('team/a');
      const read = await call(service, 'GET', '/api/identity/settings/team%2Fa');
      expect([read.status, read.body.settings]).to.deep.equal([200, { theme: 'dark' }]);
      expect((await call(service, 'GET', '/api/identity/settings/team')).status).to.equal(404);
      expect((await call(service, 'GET', '/api/identity/settings/team/a')).status).to.equal(404);
    });

    it('when a device appId holds a slash, then its DELETE names it with %2F and removes it', async () => {
      const device = aDevice({ appId: 'com/example' });
      expect((await call(service, 'PUT', '/api/notifications/devices', { body: device })).status).to.equal(201);
      const path = `/api/notifications/devices/com%2Fexample/${String(device.installationId)}`;
      expect((await call(service, 'DELETE', path)).status).to.equal(204);
      expect((await call(service, 'DELETE', path)).status).to.equal(404);
    });
  });
}
