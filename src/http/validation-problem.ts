import type { Request } from 'express';
import { requestBodies, type RequestBody } from '../contract/request-bodies.js';
import { loadSpec } from '../contract/spec.js';
import { isFormatMessage, listInWords, plainMessage } from './messages.js';
import { HttpProblem, type FieldError } from './problem.js';
import { variantExplainer } from './variant-errors.js';

/** One failure as express-openapi-validator reports it (path: a JSON pointer into the request). */
export interface ValidatorError {
  path?: string;
  message?: string;
  errorCode?: string;
}

// Read from openapi.yaml on the first error, not at start-up.
let contract: { bodies: Map<string, RequestBody>; explainer: ReturnType<typeof variantExplainer> } | undefined;
const theContract = () => {
  if (!contract) {
    const spec = loadSpec();
    contract = { bodies: requestBodies(spec), explainer: variantExplainer(spec) };
  }
  return contract;
};

const operationOf = (req: Request) => (req as { openapi?: { schema?: { operationId?: string } } }).openapi?.schema?.operationId;

/** The 400 for a request that breaks the contract: one entry per offending field, in words. */
export function validationProblem(errors: ValidatorError[], req: Request): HttpProblem {
  if (errors.some((error) => error.path === '/body' && error.errorCode === 'required.openapi.validation')) return missingBody();
  return new HttpProblem('validation-failed', 'The request does not match openapi.yaml.', { errors: fieldErrors(errors, req) });
}

/** The 415: names every media type the operation takes. A request with no body at all is told so instead. */
export function unsupportedMediaType(req: Request): HttpProblem {
  if (!hasBody(req)) return missingBody();
  const sent = req.headers['content-type'];
  return new HttpProblem('unsupported-media-type',
    `Send the body as ${listInWords(acceptedTypes(req), 'or')}; ${sent ? `${sent} is` : 'a body without a Content-Type is'} not accepted here.`);
}

function acceptedTypes(req: Request): string[] {
  const operationId = operationOf(req);
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
 * is explained in one entry (src/http/variant-errors.ts) instead of one per
 * branch. A strict format is written twice in openapi.yaml (format and pattern),
 * so where the format failed, its pattern twin is dropped.
 */
function fieldErrors(errors: ValidatorError[], req: Request): FieldError[] {
  const nodes = errors.filter((error) => error.errorCode === 'anyOf.openapi.validation').map((error) => error.path ?? '');
  const outer = nodes.filter((node) => !nodes.some((other) => other !== node && isWithin(node, other)));
  const found: FieldError[] = [];
  for (const error of errors) {
    const path = error.path ?? '';
    const node = outer.find((candidate) => isWithin(path, candidate));
    if (node === undefined) found.push({ path, message: error.message ?? 'is invalid' });
    else if (path === node && error.errorCode === 'anyOf.openapi.validation') found.push(...explainNode(node, errors, req));
  }
  return merge(found);
}

function explainNode(node: string, errors: ValidatorError[], req: Request): FieldError[] {
  const operationId = operationOf(req);
  const body = operationId === undefined ? undefined : theContract().bodies.get(operationId);
  try {
    if (body && node.startsWith('/body/')) return theContract().explainer.explain(req.body, body.schema, node.slice('/body'.length), '/body');
  } catch (error) {
    console.error(error); // explain less rather than answer 500 to a bad request
  }
  return errors.filter((error) => isWithin(error.path ?? '', node)).map((error) => ({ path: error.path ?? '', message: error.message ?? 'is invalid' }));
}

/** Messages at one path joined, in words; a format's pattern twin dropped. */
function merge(errors: FieldError[]): FieldError[] {
  const messages = new Map<string, string[]>();
  for (const { path, message } of errors) messages.set(path, [...(messages.get(path) ?? []), message]);
  return [...messages].map(([path, said]) => {
    const kept = said.some(isFormatMessage) ? said.filter((message) => !message.startsWith('must match pattern')) : said;
    return { path, message: [...new Set(kept.map(plainMessage))].join('; ') };
  });
}

const isWithin = (pointer: string, node: string) => pointer === node || pointer.startsWith(`${node}/`);
