import type { Request } from 'express';
import { operationIdOf } from '../contract/operation-id.js';
import { requestBodies, type RequestBody } from '../contract/request-bodies.js';
import { reportError } from '../observability/request-log.js';
import { loadSpec } from '../contract/spec.js';
import { FULL_CHECK_VALUES, stoppedAtFirstError } from '../contract/validator.js';
import { valuesOf } from '../lib/json-depth.js';
import { isFormatMessage, listInWords, plainMessage } from './messages.js';
import { HttpProblem, type FieldError } from './problem.js';
import { outermostFinder } from '../lib/json-pointer.js';
import { variantExplainer } from './variant-errors.js';

/** One failure as express-openapi-validator reports it (path: a JSON pointer into the request). */
export interface ValidatorError {
  path?: string;
  message?: string;
  errorCode?: string;
}

/** The most offending fields a 400 lists; `errorsNotListed` counts the rest. */
export const MAX_LISTED_ERRORS = 50;

const ANY_OF = 'anyOf.openapi.validation';

// Read from openapi.yaml on the first error, not at start-up.
let contract: { bodies: Map<string, RequestBody>; explainer: ReturnType<typeof variantExplainer> } | undefined;
const theContract = () => {
  if (!contract) {
    const spec = loadSpec();
    contract = { bodies: requestBodies(spec), explainer: variantExplainer(spec) };
  }
  return contract;
};

/**
 * The 400 for a request that breaks the contract: one entry per offending field,
 * in words, at most MAX_LISTED_ERRORS of them, built in time linear in the errors.
 */
export function validationProblem(errors: ValidatorError[], req: Request): HttpProblem {
  if (errors.some((error) => error.path === '/body' && error.errorCode === 'required.openapi.validation')) return missingBody();
  if (stoppedAtFirstError(req)) {
    return new HttpProblem('validation-failed',
      `The request does not match openapi.yaml. A body of more than ${FULL_CHECK_VALUES} values is checked up to its first error: fix what is listed and send it again.`,
      { errors: firstErrors(errors, req) });
  }
  const { listed, notListed } = fieldErrors(errors, req);
  return new HttpProblem('validation-failed', 'The request does not match openapi.yaml.', {
    errors: listed,
    ...(notListed > 0 ? { extensions: { errorsNotListed: notListed } } : {}),
  });
}

/** The 415: names every media type the operation takes. A request with no body at all is told so instead. */
export function unsupportedMediaType(req: Request): HttpProblem {
  if (!hasBody(req)) return missingBody();
  const sent = req.headers['content-type'];
  return new HttpProblem('unsupported-media-type',
    `Send the body as ${listInWords(acceptedTypes(req), 'or')}; ${sent ? `${sent} is` : 'a body without a Content-Type is'} not accepted here.`);
}

function acceptedTypes(req: Request): string[] {
  const operationId = operationIdOf(req);
  return (operationId === undefined ? undefined : theContract().bodies.get(operationId)?.types) ?? ['application/json'];
}

function missingBody(): HttpProblem {
  return new HttpProblem('validation-failed', 'The request has no body; this operation needs a JSON document.', {
    errors: [{ path: '/body', message: 'is missing: send a JSON document (Content-Type: application/json)' }],
  });
}

function hasBody(req: Request): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/**
 * One entry per offending field. A content node that no `anyOf` variant accepts
 * is explained in one entry (src/errors/variant-errors.ts) instead of one per
 * branch; errors inside it are its own. A strict format is written twice in
 * openapi.yaml (format and pattern), so where the format failed, its pattern
 * twin is dropped. Fields past the first MAX_LISTED_ERRORS are only counted.
 */
function fieldErrors(errors: ValidatorError[], req: Request): { listed: FieldError[]; notListed: number } {
  const outermostOf = outermostFinder(new Set(errors.filter((error) => error.errorCode === ANY_OF).map((error) => error.path ?? '')));
  const listed = new Messages();
  for (const error of errors) {
    const path = error.path ?? '';
    const node = outermostOf(path);
    if (node === undefined) listed.add(path, error.message);
    else if (path === node && error.errorCode === ANY_OF) {
      // Explaining costs a validation of the node: only for a node that will be listed.
      if (listed.isFull) listed.add(node);
      else for (const explained of explainNode(node, errors, req)) listed.add(explained.path, explained.message);
    }
  }
  return { listed: listed.entries(), notListed: listed.notListed };
}

/**
 * Checked to the first error, the validator reports, for a content node no
 * variant accepts, each variant's first error, down through the nodes inside it.
 * The outermost such node is explained as in a full check when it is small
 * enough to validate in full; else the innermost one's errors are listed as they are.
 */
function firstErrors(errors: ValidatorError[], req: Request): FieldError[] {
  const nodes = errors.filter((error) => error.errorCode === ANY_OF).map((error) => error.path ?? '');
  const listed = new Messages();
  if (nodes.length > 0) {
    const byDepth = nodes.toSorted((a, b) => a.length - b.length);
    const [outermost = '', innermost = ''] = [byDepth[0], byDepth.at(-1)];
    const explained = valuesOf(valueAt(req, outermost), FULL_CHECK_VALUES) <= FULL_CHECK_VALUES
      ? explainNode(outermost, errors, req)
      : plain(errors.filter((error) => isWithin(error.path ?? '', innermost)));
    for (const { path, message } of explained) listed.add(path, message);
  }
  for (const error of errors) {
    const path = error.path ?? '';
    if (!nodes.some((node) => isWithin(path, node))) listed.add(path, error.message);
  }
  return listed.entries();
}

function explainNode(node: string, errors: ValidatorError[], req: Request): FieldError[] {
  const operationId = operationIdOf(req);
  const body = operationId === undefined ? undefined : theContract().bodies.get(operationId);
  try {
    if (body && node.startsWith('/body/')) return theContract().explainer.explain(req.body, body.schema, node.slice('/body'.length), '/body', MAX_LISTED_ERRORS);
  } catch (error) {
    if (req.res) reportError(req.res, error); // a bug, on the request's log line; explain less rather than answer 500 to a bad request
  }
  return plain(errors.filter((error) => isWithin(error.path ?? '', node)));
}

function plain(errors: ValidatorError[]): FieldError[] {
  return errors.map((error) => ({ path: error.path ?? '', message: error.message ?? 'is invalid' }));
}

/** The value a `/body/...` pointer names in the request. */
function valueAt(req: Request, pointer: string): unknown {
  let current: unknown = { body: req.body };
  for (const segment of pointer.split('/').slice(1)) {
    const name = segment.replaceAll('~1', '/').replaceAll('~0', '~');
    current = typeof current === 'object' && current !== null && Object.hasOwn(current, name) ? (current as Record<string, unknown>)[name] : undefined;
  }
  return current;
}

/**
 * Messages by path, in the order paths first came, for at most MAX_LISTED_ERRORS
 * paths; later paths are only counted. At one path, joined in words, a format's
 * pattern twin dropped.
 */
class Messages {
  private readonly byPath = new Map<string, string[]>();
  private readonly others = new Set<string>();

  get isFull(): boolean {
    return this.byPath.size >= MAX_LISTED_ERRORS;
  }

  /** Offending paths past the first MAX_LISTED_ERRORS. */
  get notListed(): number {
    return this.others.size;
  }

  add(path: string, message = 'is invalid'): void {
    const said = this.byPath.get(path);
    if (said) said.push(message);
    else if (this.isFull) this.others.add(path);
    else this.byPath.set(path, [message]);
  }

  entries(): FieldError[] {
    return [...this.byPath].map(([path, said]) => {
      const kept = said.some(isFormatMessage) ? said.filter((message) => !message.startsWith('must match pattern')) : said;
      return { path, message: [...new Set(kept.map(plainMessage))].join('; ') };
    });
  }
}

const isWithin = (pointer: string, node: string) => pointer === node || pointer.startsWith(`${node}/`);
