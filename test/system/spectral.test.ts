import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { stringify } from 'yaml';
import { loadSpec, specPath } from '../../src/contract/spec.js';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
const root = dirname(specPath);

/** Rules of .spectral.yaml kept on, each broken in a copy of openapi.yaml; the waivers hold only where they are scoped. */
const BREAKS: [name: string, rule: string, breakIt: (spec: Json) => void][] = [
  [
    'an HTTP Basic security scheme',
    'owasp:api2:2023-no-http-basic',
    (spec) => {
      spec.components.securitySchemes.basicAuth = { type: 'http', scheme: 'basic' };
    },
  ],
  [
    'a query parameter without maxLength (string bounds are waived for the body schemas only)',
    'owasp:api4:2023-string-limit',
    (spec) => {
      spec.paths['/api/notifications/devices'].get.parameters.push({
        name: 'appVersion',
        in: 'query',
        schema: { type: 'string' },
      });
    },
  ],
  [
    'an operation without 500',
    'owasp:api8:2023-define-error-responses-500',
    (spec) => {
      delete spec.paths['/api/chat/reads/{streamId}'].get.responses['500'];
    },
  ],
  [
    'a write whose answer does not declare its RateLimit fields (only reads are waived)',
    'owasp:api4:2023-rate-limit',
    (spec) => {
      delete spec.paths['/api/notifications/devices'].put.responses['200'].headers.RateLimit;
    },
  ],
  [
    'a 429 without Retry-After',
    'owasp:api4:2023-rate-limit-retry-after',
    (spec) => {
      delete spec.components.responses.RateLimited.headers['Retry-After'];
    },
  ],
];

interface Result {
  code: string;
  source: string;
}

/** `spectral lint` with the project's .spectral.yaml over copies of openapi.yaml, each in a folder of its own beside a link to mocks/. */
async function lint(copies: Json[]): Promise<Result[][]> {
  const folder = await mkdtemp(join(tmpdir(), 'spectral-'));
  try {
    const files = await Promise.all(
      copies.map(async (copy, index) => {
        const file = join(folder, `copy-${index}`, 'openapi.yaml'); // the name the waivers' pointers are scoped to
        await mkdir(dirname(file));
        await symlink(join(root, 'mocks'), join(dirname(file), 'mocks'));
        await writeFile(file, stringify(copy, { aliasDuplicateObjects: false }));
        return file;
      }),
    );
    const { stdout } = await promisify(execFile)(
      join(root, 'node_modules', '.bin', 'spectral'),
      [
        'lint',
        '--ruleset',
        join(root, '.spectral.yaml'),
        '--format',
        'json',
        '--quiet',
        '--fail-severity',
        'hint',
        ...files,
      ],
      { maxBuffer: 64 * 1024 * 1024 },
    ).catch((failed: { stdout: string }) => failed);
    const results = JSON.parse(stdout) as Result[];
    return files.map((file) => results.filter((result) => result.source === file));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

describe('Spectral with the OWASP API Security ruleset (.spectral.yaml, in npm run lint)', function () {
  this.timeout(180_000);
  let results: Result[][];
  before(async () => {
    results = await lint([
      loadSpec(),
      ...BREAKS.map(([, , breakIt]) => {
        const copy = structuredClone(loadSpec()) as Json;
        breakIt(copy);
        return copy;
      }),
    ]);
  });

  it('when openapi.yaml is linted, then no rule reports anything', () => {
    expect(results[0]!.map((result) => result.code)).to.deep.equal([]);
  });

  BREAKS.forEach(([name, rule], index) => {
    it(`when a copy has ${name}, then ${rule} fails it`, () => {
      expect(results[index + 1]!.map((result) => result.code)).to.include(rule);
    });
  });
});
