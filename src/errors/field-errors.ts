import type { Request } from 'express';
import { operationIdOf } from '../contract/operation-id.js';
import { requestBodies, type RequestBody } from '../contract/request-bodies.js';
import { reportError } from '../observability/request-log.js';
import { contractOf, type OpenApiDocument } from '../contract/spec.js';
import { FULL_CHECK_VALUES } from '../contract/validator.js';
import { valuesOf } from '../lib/json-depth.js';
import { outermostFinder } from '../lib/json-pointer.js';
import type { FieldError } from './problem.js';
import { MAX_LISTED_ERRORS, Messages } from './field-messages.js';
import { variantExplainer } from './variant-errors.js';

// The offending fields a 400 lists (src/errors/validation-problem.ts), from the validator's errors.

/** One failure as express-openapi-validator reports it (path: a JSON pointer into the request). */
export interface ValidatorError {
  path?: string;
  message?: string;
  errorCode?: string;
}

const ANY_OF = 'anyOf.openapi.validation';

// Made from the app's contract on its first error, not at start-up: once per document.
type Explaining = { bodies: Map<string, RequestBody>; explainer: ReturnType<typeof variantExplainer> };
const made = new WeakMap<OpenApiDocument, Explaining>();
export const theContract = (req: Request): Explaining => {
  const spec = contractOf(req);
  let found = made.get(spec);
  if (!found) made.set(spec, (found = { bodies: requestBodies(spec), explainer: variantExplainer(spec) }));
  return found;
};

/**
 * One entry per offending field. A content node that no `anyOf` variant accepts
 * is explained in one entry (src/errors/variant-errors.ts) instead of one per
 * branch; errors inside it are its own. A strict format is written twice in
 * openapi.yaml (format and pattern), so where the format failed, its pattern
 * twin is dropped. Fields past the first MAX_LISTED_ERRORS are only counted.
 */
export function fieldErrors(errors: ValidatorError[], req: Request): { listed: FieldError[]; notListed: number } {
  const outermostOf = outermostFinder(
    new Set(errors.filter((error) => error.errorCode === ANY_OF).map((error) => error.path ?? '')),
  );
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
export function firstErrors(errors: ValidatorError[], req: Request): FieldError[] {
  const nodes = errors.filter((error) => error.errorCode === ANY_OF).map((error) => error.path ?? '');
  const listed = new Messages();
  if (nodes.length > 0) {
    const byDepth = nodes.toSorted((a, b) => a.length - b.length);
    const [outermost = '', innermost = ''] = [byDepth[0], byDepth.at(-1)];
    const explained =
      valuesOf(valueAt(req, outermost), FULL_CHECK_VALUES) <= FULL_CHECK_VALUES
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
  const body = operationId === undefined ? undefined : theContract(req).bodies.get(operationId);
  try {
    if (body && node.startsWith('/body/'))
      return theContract(req).explainer.explain(
        req.body,
        body.schema,
        node.slice('/body'.length),
        '/body',
        MAX_LISTED_ERRORS,
      );
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
    current =
      typeof current === 'object' && current !== null && Object.hasOwn(current, name)
        ? (current as Record<string, unknown>)[name]
        : undefined;
  }
  return current;
}

const isWithin = (pointer: string, node: string) => pointer === node || pointer.startsWith(`${node}/`);
