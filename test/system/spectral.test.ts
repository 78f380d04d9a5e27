import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describeBrokenCopies, root, type Break } from '../helpers/broken-copies.js';

/** Rules of .spectral.yaml kept on, each broken in a copy of openapi.yaml; the waivers hold only where they are scoped. */
const BREAKS: Break[] = [
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

/** `spectral lint` with the project's .spectral.yaml over `files`, in one run. */
async function lint(files: string[]): Promise<string[][]> {
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
  return files.map((file) => results.filter((result) => result.source === file).map((result) => result.code));
}

describeBrokenCopies('Spectral with the OWASP API Security ruleset (.spectral.yaml, in npm run lint)', BREAKS, lint);
