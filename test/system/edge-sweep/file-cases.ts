// Item 6's files served beside the API, outside the contract: /openapi.yaml is the one both the service and the
// sandbox serve (the mock serves the operations only). Ranges and preconditions as RFC 9110 says, never 500.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { specPath } from '../../../src/contract/spec.js';
import type { ProblemKind } from '../../../src/errors/problem.js';
import { words } from './checks.js';
import type { Answer, WireRequest } from './wire.js';

export interface FileCase {
  name: string;
  request: WireRequest;
  status: number;
  problem?: ProblemKind;
}

const FILE = '/openapi.yaml';

/** /openapi.yaml is sent from dist/docs/, which npm run build:docs builds (npm test runs it first). */
export const docsBuilt = (): boolean => existsSync(join(dirname(specPath), 'dist', 'docs', 'openapi.yaml'));
const asked = (method: string, name: string, value: string) => ({
  method,
  path: FILE,
  fields: [[name, value]] as [string, string][],
});

export const fileCases = (): FileCase[] => [
  { name: `GET ${FILE} with Range: bytes=0-4`, request: asked('GET', 'Range', 'bytes=0-4'), status: 206 },
  ...['GET', 'HEAD'].map((method) => ({
    name: `${method} ${FILE} with Range: bytes=5-1`,
    request: asked(method, 'Range', 'bytes=5-1'),
    status: 416,
    problem: 'range-not-satisfiable' as const,
  })),
  {
    name: `GET ${FILE} with If-Match: "sweep"`,
    request: asked('GET', 'If-Match', '"sweep"'),
    status: 412,
    problem: 'precondition-failed',
  },
  {
    name: `GET ${FILE} with If-Unmodified-Since 2000`,
    request: asked('GET', 'If-Unmodified-Since', 'Sat, 01 Jan 2000 00:00:00 GMT'),
    status: 412,
    problem: 'precondition-failed',
  },
];

/** Where a file's answer is not the status, the problem (a HEAD's by its type only) or a 416's Content-Range it should be. */
export function fileFaults({ request, status, problem }: FileCase, answer: Answer): string[] {
  const head = request.method === 'HEAD';
  const problemOk =
    !problem || (/^application\/problem\+json/.test(answer.contentType) && (head || answer.type === problem));
  const faults =
    answer.status === status && problemOk ? [] : [`${words(answer)}, not ${status} ${problem ?? ''}`.trim()];
  if (status === 416 && !/^bytes \*\/\d+$/.test(answer.headers.get('content-range') ?? ''))
    faults.push(`416 without Content-Range: bytes */<length>`);
  return faults;
}
