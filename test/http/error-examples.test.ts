import { readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { expect } from 'chai';
import { loadSpec, specPath } from '../../src/contract/spec.js';
import { errorRequests, startServices, type Services } from './error-examples/requests.js';

type Json = Record<string, unknown>;
interface Response {
  $ref?: string;
  content?: Record<string, { examples?: Record<string, { $ref: string }> }>;
}

const spec = loadSpec() as ReturnType<typeof loadSpec> & { components: { responses: Record<string, Response> } };
const resolve = (response: Response): Response =>
  response.$ref ? spec.components.responses[response.$ref.split('/').pop()!]! : response;

/** Every error example openapi.yaml refers to, by file, with the status it is declared under. */
const errorExamples = new Map<string, number>();
for (const item of Object.values(spec.paths)) {
  for (const operation of Object.values(item) as { responses?: Record<string, Response> }[]) {
    for (const [status, response] of Object.entries(operation.responses ?? {})) {
      if (Number(status) < 400) continue;
      for (const media of Object.values(resolve(response).content ?? {})) {
        for (const { $ref } of Object.values(media.examples ?? {})) errorExamples.set(basename($ref), Number(status));
      }
    }
  }
}

const exampleOf = (file: string) =>
  (JSON.parse(readFileSync(join(dirname(specPath), 'mocks', 'examples', file), 'utf8')) as { value: Json }).value;
const pathsIn = (problem: Json) => ((problem.errors ?? []) as { path: string }[]).map((error) => error.path).sort();

describe('every error example is one the service produces', function () {
  this.timeout(60_000);
  let services: Services;
  before(async () => {
    services = await startServices();
  });
  after(async () => {
    await Promise.all(Object.values(services).map((service) => service.close()));
  });

  it('when the error examples are listed, then each has its request in test/http/error-examples/requests.ts, and no request is left over', () => {
    expect([...errorExamples.keys()].sort()).to.deep.equal(Object.keys(errorRequests).sort());
  });

  for (const [file, status] of errorExamples) {
    it(`${file}: when its request is sent, then the service answers ${status} with the same type, title and error paths`, async function () {
      const send = errorRequests[file];
      if (!send) this.skip(); // reported by the test above
      const example = exampleOf(file);
      const reply = await send(services);
      expect(reply.status, JSON.stringify(reply.body)).to.equal(status);
      expect(reply.headers.get('content-type')).to.match(/^application\/problem\+json/);
      expect({
        type: reply.body.type,
        title: reply.body.title,
        status: reply.body.status,
        paths: pathsIn(reply.body),
      }).to.deep.equal({ type: example.type, title: example.title, status: example.status, paths: pathsIn(example) });
    });
  }
});
