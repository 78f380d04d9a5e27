import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { contractAjv } from '../src/contract/contract-ajv.js';
import { loadSpec, specPath } from '../src/contract/spec.js';

type Json = Record<string, unknown>;
interface Response { $ref?: string; content?: Record<string, { schema: Json; examples?: Record<string, { $ref: string }> }> }

const spec = loadSpec() as ReturnType<typeof loadSpec> & { components: { responses: Record<string, Response> } };
const ajv = contractAjv(spec, { allErrors: true });
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

const resolve = (response: Response): Response =>
  response.$ref ? spec.components.responses[response.$ref.split('/').pop()!]! : response;

describe('the named examples under mocks/examples', () => {
  for (const [path, item] of Object.entries(spec.paths)) {
    for (const method of METHODS.filter((name) => name in item)) {
      const responses = (item[method] as { responses: Record<string, Response> }).responses;
      for (const [status, declared] of Object.entries(responses)) {
        const response = resolve(declared);
        if (!response.content) continue; // 204: no body
        it(`${method.toUpperCase()} ${path} ${status}: has examples, each valid against its schema`, () => {
          for (const [type, media] of Object.entries(response.content!)) {
            const examples = Object.entries(media.examples ?? {});
            expect(examples, `${type} examples`).to.not.be.empty;
            for (const [name, { $ref }] of examples) {
              const example = JSON.parse(readFileSync(join(dirname(specPath), $ref), 'utf8')) as { summary: string; value: unknown };
              expect(example.summary, `${name} has a summary`).to.be.a('string').and.not.empty;
              const valid = ajv.validate(media.schema, example.value);
              expect(valid, `${name} (${$ref}): ${ajv.errorsText(ajv.errors)}`).to.equal(true);
            }
          }
        });
      }
    }
  }

  it('when an example breaks its schema, then this check notices (the validator is not a no-op)', () => {
    const broken = { streamId: 'not-a-uuid', threadSessionId: null, lastReadMessageId: 'x', updatedAt: '2026-02-30T00:00:00Z' };
    expect(ajv.validate({ $ref: '#/components/schemas/ReadMarker' }, broken)).to.equal(false);
    expect(ajv.errors?.map((error) => error.instancePath)).to.include.members(['/streamId', '/updatedAt']);
  });
});
