import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { contractAjv } from '../../src/contract/contract-ajv.js';
import { loadSpec, specPath, type OpenApiDocument } from '../../src/contract/spec.js';
import { corpusOf, operationsOf, requestSchema, storedOf, type Entry, type Stored } from './compatibility/corpus.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const releasedFile = join(specPath, '..', 'contract', 'released.yaml');

/** The entries of the corpus that `spec` no longer accepts at their write operation (a removed operation is the diff's to report). */
function refusedBy(spec: OpenApiDocument, corpus: Entry[]): string[] {
  const ajv = contractAjv(spec);
  const operations = operationsOf(spec);
  return corpus.flatMap(({ write, why, body }) => {
    const schema = requestSchema(operations.get(write));
    if (!schema || ajv.validate(schema, body)) return [];
    return [`${write}, ${why}: ${ajv.errorsText(ajv.errors)}`];
  });
}

/** The stored documents whose read `spec` would no longer let answer them. */
function unanswerableBy(spec: OpenApiDocument, stored: Stored[]): string[] {
  const ajv = contractAjv(spec);
  const operations = operationsOf(spec);
  return stored.flatMap(({ read, why, answer }) => {
    const schema = operations.get(read)?.responses['200']?.content?.['application/json']?.schema;
    if (!schema || ajv.validate(schema, answer)) return [];
    return [`${read}, ${why}: ${ajv.errorsText(ajv.errors)}`];
  });
}

describe('compatibility: what clients of the last released contract send and store is still accepted', function () {
  this.timeout(60_000);
  const released = parse(readFileSync(releasedFile, 'utf8')) as OpenApiDocument & { info: { version: string } };
  const corpus = corpusOf(released);
  const stored = storedOf(released, corpus);

  it('when contract/released.yaml is read, then it is the bundled release named in CHANGELOG.md', () => {
    expect(existsSync(releasedFile)).to.equal(true);
    expect(readFileSync(join(specPath, '..', 'CHANGELOG.md'), 'utf8')).to.contain(`## ${released.info.version} (`);
  });

  it(`when every example, body at the bounds and generated body of ${released.info.version} (and every GET answer sent back to its write) meets openapi.yaml, then each is accepted`, () => {
    expect(corpus.length).to.be.above(100);
    expect(refusedBy(loadSpec(), corpus)).to.deep.equal([]);
  });

  it(`when every document the service may hold under ${released.info.version} is read, then openapi.yaml still lets each answer be sent`, () => {
    expect(stored.length).to.be.above(50);
    expect(unanswerableBy(loadSpec(), stored)).to.deep.equal([]);
  });

  it('when a copy of openapi.yaml tightens a bound of an answer, which oasdiff rates non-breaking, then the stored documents catch it', () => {
    const tightened = structuredClone(loadSpec()) as Json;
    tightened.components.schemas.CycleTemplateDraft.properties.triggerName.maxLength = 32;
    expect(
      unanswerableBy(tightened as OpenApiDocument, stored).some((entry) =>
        entry.startsWith('GET /api/cycles/templates/{templateId}/draft'),
      ),
    ).to.equal(true);
  });

  it('when a copy of openapi.yaml tightens a bound of a write or closes its body (which oasdiff does not report), then the corpus catches it', () => {
    const tightened = structuredClone(loadSpec()) as Json;
    tightened.components.schemas.DeviceRegistration.properties.appVersion.maxLength = 32;
    tightened.components.schemas.CreateStreamRequest.additionalProperties = false;
    const refused = refusedBy(tightened as OpenApiDocument, corpus);
    expect(refused.some((entry) => entry.startsWith('PUT /api/notifications/devices, a body at the bounds'))).to.equal(
      true,
    );
    expect(
      refused.some((entry) => entry.startsWith('POST /api/streams, GET /api/streams/{streamId} example')),
    ).to.equal(true);
  });
});
