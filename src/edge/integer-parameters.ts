import type { Request, RequestHandler } from 'express';
import { integerParameters, type IntegerParameter } from '../contract/integer-parameters.js';
import type { OpenApiDocument } from '../contract/spec.js';
import { HttpProblem, type FieldError } from '../errors/problem.js';
import { routeMatcher } from '../observability/route-template.js';

const WHERE = { query: 'query', header: 'headers', path: 'params' } as const;

/**
 * Integer parameters are decimal digits, with a leading `-` only where the schema allows a negative, and hold an integer a
 * double holds exactly; anything else is 400 naming them. The validator reads parameters as JavaScript's Number does
 * (`0x2`, ` 5`, `2.0` and `Infinity` pass, and Ajv checks no bound of a number that is not finite), so this runs first.
 */
export function strictIntegers(contract: OpenApiDocument): RequestHandler {
  const byPath = integerParameters(contract);
  if (byPath.size === 0) return (_req, _res, next) => next();
  const templateOf = routeMatcher(Object.keys(contract.paths));
  const onlyInQueries = [...byPath.values()].every((methods) =>
    [...methods.values()].every((parameters) => parameters.every((parameter) => parameter.in === 'query')),
  );
  return (req, _res, next) => {
    if (onlyInQueries && !req.originalUrl.includes('?')) return next(); // most requests: no route lookup
    const template = templateOf(req.originalUrl);
    const parameters = byPath.get(template)?.get(req.method.toLowerCase());
    const errors = (parameters ?? []).flatMap((parameter) => refusal(parameter, textOf(req, parameter, template)));
    if (errors.length > 0)
      throw new HttpProblem('validation-failed', 'The request does not match openapi.yaml.', { errors });
    next();
  };
}

/** Why `text` is no value of `parameter`, as a 400 lists it; none when it is one, or is absent. */
export function refusal(parameter: IntegerParameter, text: string | undefined): FieldError[] {
  if (text === undefined) return [];
  const digits = parameter.lowest < 0 ? /^-?[0-9]+$/ : /^[0-9]+$/;
  if (digits.test(text) && Number.isSafeInteger(Number(text))) return []; // its bounds are the validator's
  const { lowest, highest } = parameter;
  return [
    {
      path: `/${WHERE[parameter.in]}/${parameter.name}`,
      message: `must be an integer from ${lowest} to ${highest}, in decimal digits`,
    },
  ];
}

/** The parameter's text as sent (a path segment percent-decoded); none for a repeated one, which the validator refuses. */
function textOf(req: Request, { name, in: where }: IntegerParameter, template: string): string | undefined {
  if (where === 'query') {
    const value: unknown = req.query[name];
    return typeof value === 'string' ? value : undefined;
  }
  if (where === 'header') return req.headers[name.toLowerCase()] as string | undefined;
  const index = template.split('/').indexOf(`{${name}}`);
  const segment = req.originalUrl.split('?')[0]?.split('/')[index];
  try {
    return segment === undefined || index < 0 ? undefined : decodeURIComponent(segment);
  } catch {
    return undefined; // the validator names a parameter that is not percent-encoded UTF-8
  }
}
