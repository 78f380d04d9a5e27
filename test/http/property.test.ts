import { expect } from 'chai';
import fc from 'fast-check';
import { loadSpec, type SchemaObject } from '../../src/contract/spec.js';
import { call } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';
import { bodyArbitrary } from '../helpers/arbitraries.js';
import { missingFrom, readBacks } from './property/read-back.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 40);
const spec = loadSpec();

interface WriteOperation {
  id: string;
  method: string;
  path: () => string;
  schema: SchemaObject;
}

/** Every operation with a request body, its path parameters filled with fresh valid values. */
const operations: WriteOperation[] = Object.entries(spec.paths).flatMap(([template, item]) =>
  Object.entries(item).flatMap(([method, operation]) => {
    const { operationId, requestBody } = operation as {
      operationId: string;
      requestBody?: { content: Record<string, { schema: SchemaObject }> };
    };
    if (!requestBody) return [];
    const path = () => template.replace('{templateId}', uuid()).replace('{namespace}', `ns-${uuid()}`);
    return [
      { id: operationId, method: method.toUpperCase(), path, schema: requestBody.content['application/json']!.schema },
    ];
  }),
);

const resolve = (schema: SchemaObject): SchemaObject =>
  typeof schema.$ref === 'string' ? resolve(spec.components.schemas[schema.$ref.split('/').pop()!]!) : schema;

/** A value of another JSON type than the schema allows (never null: some members may be null). */
function wrongType(schema: SchemaObject): unknown {
  const type = resolve(schema).type ?? 'object';
  return (
    {
      string: 12345,
      integer: 'seven',
      boolean: 'true',
      array: { not: 'an array' },
      object: ['not', 'an', 'object'],
    } as Record<string, unknown>
  )[String(type)];
}

/** Phase ids of a draft must be unique (compared as UUIDs, so ignoring case). */
function uniquePhaseIds(body: unknown): boolean {
  const phases = (body as { phasesTemplate?: { id: string }[] }).phasesTemplate;
  if (!phases) return true;
  return new Set(phases.map((phase) => phase.id.toLowerCase())).size === phases.length;
}

describe('properties over bodies generated from openapi.yaml', function () {
  this.timeout(300_000);
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  for (const operation of operations) {
    const body = bodyArbitrary(spec, operation.schema);
    const top = resolve(operation.schema);
    const properties = Object.entries((top.properties ?? {}) as Record<string, SchemaObject>);

    it(`${operation.id}: every generated valid body is accepted, and the answer matches the contract`, async () => {
      await fc.assert(
        fc.asyncProperty(body, async (generated) => {
          fc.pre(uniquePhaseIds(generated)); // the one rule of the contract a schema cannot state
          const reply = await call(service, operation.method, operation.path(), { body: generated });
          const conflict =
            reply.status === 409 &&
            (generated as { expectedDraftUpdatedAt?: string }).expectedDraftUpdatedAt !== undefined;
          expect(
            (reply.status >= 200 && reply.status < 300) || conflict,
            `${reply.status} ${JSON.stringify(reply.body)}`,
          ).to.equal(true);
        }),
        { numRuns: RUNS },
      );
    });

    it(`${operation.id}: every member the contract names comes back from the read-back GET, and the read-back is accepted as a write`, async () => {
      const readBack = readBacks[operation.id];
      expect(readBack, `a read-back for ${operation.id} in test/http/property/read-back.ts`).to.be.a('function');
      await fc.assert(
        fc.asyncProperty(body, async (generated) => {
          fc.pre(
            uniquePhaseIds(generated) &&
              (generated as { expectedDraftUpdatedAt?: string }).expectedDraftUpdatedAt === undefined,
          );
          const path = operation.path();
          const written = await call(service, operation.method, path, { body: generated });
          expect(written.status, JSON.stringify(written.body)).to.be.within(200, 299);
          const { got, expected, merge, resend } = await readBack!(
            service,
            path,
            generated as Record<string, unknown>,
            written,
          );
          expect(missingFrom(expected, got, merge), JSON.stringify(got)).to.deep.equal([]);
          const again = await call(service, resend.method, resend.path, { body: resend.body });
          expect(again.status, `${JSON.stringify(resend.body)}: ${JSON.stringify(again.body)}`).to.be.within(200, 299);
        }),
        { numRuns: RUNS },
      );
    });

    it(`${operation.id}: a valid body with one member broken (missing if required, else of the wrong type) is rejected with 400`, async () => {
      const required = new Set((top.required ?? []) as string[]);
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.constantFrom(...properties),
          fc.boolean(),
          async (generated, [name, schema], drop) => {
            fc.pre(uniquePhaseIds(generated));
            const members = Object.entries(generated as Record<string, unknown>).filter(([member]) => member !== name);
            const broken = Object.fromEntries(
              drop && required.has(name) ? members : [...members, [name, wrongType(schema)]],
            );
            const reply = await call(service, operation.method, operation.path(), { body: broken });
            expect(reply.status, `${name}: ${JSON.stringify(reply.body)}`).to.equal(400);
            expect(reply.body.errors.map((error: { path: string }) => error.path)).to.include(`/body/${name}`);
          },
        ),
        { numRuns: RUNS },
      );
    });

    it(`${operation.id}: any JSON at all gets an answer below 500`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.jsonValue({ maxDepth: 6 }), async (anything) => {
          const reply = await call(service, operation.method, operation.path(), { body: JSON.stringify(anything) });
          expect(reply.status, JSON.stringify(reply.body)).to.be.within(200, 499);
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('when every property has run, then the service still serves', async () => {
    expect((await call(service, 'GET', '/healthz')).status).to.equal(200);
  });
});
