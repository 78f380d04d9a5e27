import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { parse } from 'yaml';
import { describeBrokenCopies, root, type Break } from '../helpers/broken-copies.js';

/** Each way the contract can disagree with itself, made in a copy of openapi.yaml, with the rule that must catch it. */
const BREAKS: Break[] = [
  [
    'a response without X-Request-Id',
    'response-contains-header',
    (spec) => {
      delete spec.paths['/api/streams/nav'].get.responses['200'].headers;
    },
  ],
  [
    'a shared response without X-Request-Id',
    'response-contains-header',
    (spec) => {
      delete spec.components.responses.DocumentTooLarge.headers;
    },
  ],
  [
    'an operation without 405',
    'rule/every-operation-declares-405-408-500',
    (spec) => {
      delete spec.paths['/healthz'].get.responses['405'];
    },
  ],
  [
    'an operation without 408',
    'rule/every-operation-declares-405-408-500',
    (spec) => {
      delete spec.paths['/api/streams/{streamId}'].get.responses['408'];
    },
  ],
  [
    'an operation with a body without 413',
    'rule/body-operations-declare-400-413-415',
    (spec) => {
      delete spec.paths['/api/chat/reads'].put.responses['413'];
    },
  ],
  [
    'an operation with a body without 415',
    'rule/body-operations-declare-400-413-415',
    (spec) => {
      delete spec.paths['/api/streams/nav'].patch.responses['415'];
    },
  ],
  [
    'a write without 429',
    'rule/write-operations-declare-429',
    (spec) => {
      delete spec.paths['/api/notifications/devices/{appId}/{installationId}'].delete.responses['429'];
    },
  ],
  [
    'an /api operation without 503',
    'rule/api-operations-declare-401-503',
    (spec) => {
      delete spec.paths['/api/notifications/devices'].get.responses['503'];
    },
  ],
  [
    'a 503 of /api without Retry-After',
    'contract/api-503-says-when-to-retry',
    (spec) => {
      delete spec.components.responses.ServiceUnavailable.headers['Retry-After'];
    },
  ],
  [
    'a 429 without Retry-After',
    'response-contains-header',
    (spec) => {
      delete spec.components.responses.RateLimited.headers['Retry-After'];
    },
  ],
  [
    'a set of values copied as a pattern',
    'contract/one-source-of-values',
    (spec) => {
      spec.components.schemas.NotificationSettingsPatch.properties.sound = {
        type: 'string',
        nullable: true,
        pattern: `^(?:${(spec.components.schemas.Sound.enum as string[]).join('|')})$`,
      };
    },
  ],
  [
    'a set of values copied as a second enum',
    'contract/one-source-of-values',
    (spec) => {
      spec.components.schemas.NotificationSettings.properties.sound = {
        type: 'string',
        enum: [...spec.components.schemas.Sound.enum].reverse(),
      };
    },
  ],
  [
    'Problem.type a free string',
    'contract/problem-types-described',
    (spec) => {
      spec.components.schemas.Problem.properties.type = { type: 'string', description: 'A URI.' };
    },
  ],
  [
    'a problem type without a description',
    'contract/problem-types-described',
    (spec) => {
      delete spec.components.schemas.ProblemType['x-enumDescriptions']['urn:problem:collab:conflict'];
    },
  ],
  [
    'an operation id that names a controller',
    'rule/operation-id-action-and-resource',
    (spec) => {
      spec.paths['/api/streams'].post.operationId = 'StreamsController_create';
    },
  ],
  [
    'a deprecated operation without a sunset date',
    'contract/deprecation-dated',
    (spec) => {
      Object.assign(spec.paths['/api/streams/{streamId}'].get, { deprecated: true, 'x-deprecated-at': '2026-11-24' });
    },
  ],
];

interface Problem {
  ruleId: string;
  location: { pointer: string }[];
}

/** What .redocly.lint-ignore.yaml waives in openapi.yaml, by rule: waived in each copy of it too. */
const WAIVED = (parse(readFileSync(join(root, '.redocly.lint-ignore.yaml'), 'utf8')) as Record<string, unknown>)[
  'openapi.yaml'
] as Record<string, string[]>;
const waived = (problem: Problem) => WAIVED[problem.ruleId]?.includes(problem.location[0]?.pointer ?? '') === true;

/** `redocly lint` with the project's redocly.yaml over `files`, in one run. */
async function lint(files: string[]): Promise<string[][]> {
  const { stdout } = await promisify(execFile)(
    join(root, 'node_modules', '.bin', 'redocly'),
    ['lint', '--config', join(root, 'redocly.yaml'), '--format', 'json', ...files],
    { maxBuffer: 64 * 1024 * 1024 },
  ).catch((failed) => failed);
  // One JSON report a file, in order, back to back.
  const reports = (stdout as string)
    .split(/(?<=\})(?=\{\n)/)
    .map((report) => JSON.parse(report) as { problems: Problem[] });
  expect(reports, stdout).to.have.length(files.length);
  return reports.map((report) =>
    report.problems.filter((problem) => !waived(problem)).map((problem) => problem.ruleId),
  );
}

describeBrokenCopies('the lint rules of redocly.yaml: the contract agrees with itself', BREAKS, lint);
