import type { Request } from 'express';
import { operationIdOf } from '../contract/operation-id.js';
import { FULL_CHECK_VALUES } from '../contract/validator.js';
import { fieldErrors, firstErrors, theContract, type ValidatorError } from './field-errors.js';
import { listInWords } from './messages.js';
import { HttpProblem } from './problem.js';

/**
 * The 400 for a request that breaks the contract: one entry per offending field,
 * in words, at most MAX_LISTED_ERRORS of them, built in time linear in the errors.
 */
export function validationProblem(errors: ValidatorError[], req: Request): HttpProblem {
  if (errors.some((error) => error.path === '/body' && error.errorCode === 'required.openapi.validation'))
    return missingBody();
  if (req.res?.locals.checkedToFirstError) {
    return new HttpProblem(
      'validation-failed',
      `The request does not match openapi.yaml. A body of more than ${FULL_CHECK_VALUES} values is checked up to its first error: fix what is listed and send it again.`,
      { errors: firstErrors(errors, req) },
    );
  }
  const { listed, notListed } = fieldErrors(errors, req);
  return new HttpProblem('validation-failed', 'The request does not match openapi.yaml.', {
    errors: listed,
    ...(notListed > 0 ? { extensions: { errorsNotListed: notListed } } : {}),
  });
}

/** The 415: names every media type the operation takes (`accepted`, else the validator's operation's). A request with no body at all is told so instead. */
export function unsupportedMediaType(req: Request, accepted = acceptedTypes(req)): HttpProblem {
  if (!hasBody(req)) return missingBody();
  const sent = req.headers['content-type'];
  return new HttpProblem(
    'unsupported-media-type',
    `Send the body as ${listInWords(accepted, 'or')}; ${sent ? `${sent} is` : 'a body without a Content-Type is'} not accepted here.`,
  );
}

function acceptedTypes(req: Request): string[] {
  const operationId = operationIdOf(req);
  return (
    (operationId === undefined ? undefined : theContract(req).bodies.get(operationId)?.types) ?? ['application/json']
  );
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
