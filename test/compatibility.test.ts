import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'yaml';
import { contractAjv } from '../src/contract/contract-ajv.js';
import { loadSpec, specPath, type OpenApiDocument } from '../src/contract/spec.js';
import { corpusOf, operationsOf, requestSchema, type Entry } from './compatibility/corpus.js';

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

describe('compatibility: what clients of the last released contract send and store is still accepted', function () {
  this.timeout(60_000);
  const released = parse(readFileSync(releasedFile, 'utf8')) as OpenApiDocument & { info: { version: string } };
  const corpus = corpusOf(released);

  it('when contract/released.yaml is read, then it is the bundled release named in CHANGELOG.md', () => {
    expect(existsSync(releasedFile)).to.equal(true);
    expect(readFileSync(join(specPath, '..', 'CHANGELOG.md'), 'utf8')).to.contain(`## ${released.info.version} (`);
  });

  it(`when every example, body at the bounds and generated body of ${released.info.version} (and every GET answer sent back to its write) meets openapi.yaml, then each is accepted`, () => {
    expect(corpus.length).to.be.above(100);
    expect(refusedBy(loadSpec(), corpus)).to.deep.equal([]);
  });

  it('when a copy of openapi.yaml tightens a bound on stored data or closes a body, then the corpus catches it', () => {
    const tightened = structuredClone(loadSpec()) as Json;
    tightened.components.schemas.DeviceRegistration.properties.appVersion.maxLength = 32;
    tightened.components.schemas.CreateStreamRequest.additionalProperties = false;
    const refused = refusedBy(tightened as OpenApiDocument, corpus);
    expect(refused.some((entry) => entry.startsWith('PUT /api/notifications/devices, a body at the bounds'))).to.equal(true);
    expect(refused.some((entry) => entry.startsWith('POST /api/streams, GET /api/streams/{streamId} example'))).to.equal(true);
  });
});
