import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect } from 'chai';
import { contractAjv } from '../../src/contract/contract-ajv.js';
import { loadSpec, specPath } from '../../src/contract/spec.js';
import { call } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';

type Json = Record<string, unknown>;
type Media = Record<string, { schema: Json; examples?: Record<string, { $ref: string }> }>;
interface Response {
  $ref?: string;
  content?: Media;
}
interface Parameter {
  name: string;
  in: string;
  example?: string;
}
interface Operation {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Media };
  responses: Record<string, Response>;
}

const spec = loadSpec() as ReturnType<typeof loadSpec> & { components: { responses: Record<string, Response> } };
const ajv = contractAjv(spec, { allErrors: true });
const METHODS = ['get', 'put', 'post', 'patch', 'delete'];

const resolve = (response: Response): Response =>
  response.$ref ? spec.components.responses[response.$ref.split('/').pop()!]! : response;
const read = ($ref: string) =>
  JSON.parse(readFileSync(join(dirname(specPath), $ref), 'utf8')) as { summary: string; value: unknown };

/** The `type` values the product is known to send (the contract names them), and the stand-in that labels a type-only node. */
const SHOWN_TYPES = ['rich_text', 'paragraph', 'text'];
const TYPE_ONLY_STAND_IN = 'example-type-only-node';

/** Every node of the content trees in a value: objects with a string `type` under `blocks`. */
function contentNodes(value: unknown, inContent = false): Json[] {
  if (Array.isArray(value)) return value.flatMap((item) => contentNodes(item, inContent));
  if (typeof value !== 'object' || value === null) return [];
  const object = value as Json;
  const here = inContent && typeof object.type === 'string' ? [object] : [];
  return [
    ...here,
    ...Object.entries(object).flatMap(([name, member]) => contentNodes(member, inContent || name === 'blocks')),
  ];
}

/** Every operation with its path template and method. */
const operations = Object.entries(spec.paths).flatMap(([path, item]) =>
  METHODS.filter((method) => method in item).map((method) => ({ path, method, operation: item[method] as Operation })),
);

/** Each media type has examples, and each example is valid against its schema. */
function expectValidExamples(content: Media): void {
  for (const [type, media] of Object.entries(content)) {
    const examples = Object.entries(media.examples ?? {});
    expect(examples, `${type} examples`).to.not.be.empty;
    for (const [name, { $ref }] of examples) {
      const example = read($ref);
      expect(example.summary, `${name} has a summary`).to.be.a('string').and.not.empty;
      const valid = ajv.validate(media.schema, example.value);
      expect(valid, `${name} (${$ref}): ${ajv.errorsText(ajv.errors)}`).to.equal(true);
    }
  }
}

const allExampleRefs = [
  ...new Set(
    operations.flatMap(({ operation }) =>
      [
        operation.requestBody?.content,
        ...Object.values(operation.responses).map((response) => resolve(response).content),
      ].flatMap((content) =>
        Object.values(content ?? {}).flatMap((media) =>
          Object.values(media.examples ?? {}).map((example) => example.$ref),
        ),
      ),
    ),
  ),
];

describe('the named examples under mocks/examples', () => {
  for (const { path, method, operation } of operations) {
    if (operation.requestBody) {
      it(`${method.toUpperCase()} ${path} request: has examples, each valid against its schema`, () => {
        expectValidExamples(operation.requestBody!.content);
      });
    }
    for (const [status, declared] of Object.entries(operation.responses)) {
      const response = resolve(declared);
      if (!response.content) continue; // 204: no body
      it(`${method.toUpperCase()} ${path} ${status}: has examples, each valid against its schema`, () => {
        expectValidExamples(response.content!);
      });
    }
  }

  it(`when content trees appear in examples, then their types are only ${SHOWN_TYPES.join(', ')}, or a type-only node labelled ${TYPE_ONLY_STAND_IN}`, () => {
    const nodes = allExampleRefs.flatMap((ref) => contentNodes(read(ref).value));
    expect(nodes).to.not.be.empty;
    for (const node of nodes) {
      if (node.type === TYPE_ONLY_STAND_IN) expect(Object.keys(node), JSON.stringify(node)).to.deep.equal(['type']);
      else expect(SHOWN_TYPES, JSON.stringify(node)).to.include(node.type);
    }
  });

  it('when an example breaks its schema, then this check notices (the validator is not a no-op)', () => {
    const broken = {
      streamId: 'not-a-uuid',
      threadSessionId: null,
      lastReadMessageId: 'x',
      updatedAt: '2026-02-30T00:00:00Z',
    };
    expect(ajv.validate({ $ref: '#/components/schemas/ReadMarker' }, broken)).to.equal(false);
    expect(ajv.errors?.map((error) => error.instancePath)).to.include.members(['/streamId', '/updatedAt']);
  });
});

describe('the request examples, sent to the service', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  for (const { path, method, operation } of operations.filter(({ operation }) => operation.requestBody)) {
    it(`${operation.operationId}: when each request example is sent (path parameters from their examples), then it is accepted`, async () => {
      const url = (operation.parameters ?? [])
        .concat((spec.paths[path] as { parameters?: Parameter[] }).parameters ?? [])
        .reduce(
          (filled, parameter) => filled.replace(`{${parameter.name}}`, encodeURIComponent(String(parameter.example))),
          path,
        );
      expect(url, 'every path parameter has an example').to.not.include('{');
      for (const [type, media] of Object.entries(operation.requestBody!.content)) {
        for (const { $ref } of Object.values(media.examples ?? {})) {
          const reply = await call(service, method.toUpperCase(), url, {
            body: JSON.stringify(read($ref).value),
            headers: { 'content-type': type },
          });
          expect(reply.status, `${$ref} as ${type}: ${JSON.stringify(reply.body)}`).to.be.within(200, 201);
        }
      }
    });
  }
});
