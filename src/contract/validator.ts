import type { Application, Request, RequestHandler, Response } from 'express';
import { compiledValidators, contractLoaded, validator } from './compiled-validators.js';
import type { DeclaredOperation } from './declared-operation.js';
import { mediaTypeOf } from './media-type.js';
import type { OpenApiDocument } from './spec.js';

/**
 * Bodies of more values than this are checked only up to their first error.
 * Listing every error costs time in the number of errors, and a body can hold
 * several per value: a megabyte of `{}` in a message's blocks has four million.
 * Below this, the worst body's full list costs a few milliseconds.
 */
export const FULL_CHECK_VALUES = 1024;

/**
 * express-openapi-validator enforcing openapi.yaml on every request, strictly:
 * with every error listed, or, for a body of more than FULL_CHECK_VALUES
 * values, up to the first. Runs after limitBodyDepth, which counts them (res.locals.valuesInBody).
 */
export function validateAgainst(validateResponses: boolean): RequestHandler[] {
  const large = (res: Response) => (res.locals.valuesInBody ?? 0) > FULL_CHECK_VALUES;
  const onlyWhen =
    (wanted: boolean, handler: RequestHandler): RequestHandler =>
    (req, res, next) =>
      large(res) === wanted ? handler(req, res, next) : next();
  const markLarge: RequestHandler = (_req, res, next) => {
    if (large(res)) res.locals.checkedToFirstError = true; // validationProblem says so
    next();
  };
  return [
    markLarge,
    ...validator(true, validateResponses).map((handler) => onlyWhen(false, seeingTakenType(handler))),
    ...validator(false, validateResponses).map((handler) => onlyWhen(true, seeingTakenType(handler))),
  ];
}

/**
 * The validator keeps a check of requests, compiled, for every method, path and Content-Type it meets, parameters
 * included, for as long as the process lives: shown each client's header, every new value (`text/x-1`,
 * `application/json; n=2`, on any GET) cost some 6 ms and 24 KB held. It is shown the media type of a body that was
 * read (declaredBody took only the types the operation declares), and none where there is no body; the request keeps
 * its header. Its checks of responses are kept by method and path alone (patches/README.md).
 */
function seeingTakenType(handler: RequestHandler): RequestHandler {
  return (req, res, next) => {
    const sent = req.headers['content-type'];
    const taken = req.body === undefined ? undefined : mediaTypeOf(sent);
    if (taken === sent) {
      handler(req, res, next);
      return;
    }
    const show = (type: string | undefined) => {
      if (type === undefined) delete req.headers['content-type'];
      else req.headers['content-type'] = type;
    };
    show(taken);
    try {
      handler(req, res, (error?: unknown) => {
        show(sent);
        next(error);
      });
    } catch (error) {
      show(sent);
      throw error;
    }
  };
}

/**
 * Resolves once every validator made so far has loaded openapi.yaml and compiled its check of every operation's
 * requests, in each media type the validator is shown (see seeingTakenType): it compiles each on first use
 * otherwise, and a fresh process's first requests stalled its event loop for 0.1–0.6 s. A process listens after
 * it, so its first requests wait for nothing. Rejects, with why, when openapi.yaml cannot be loaded.
 */
export async function validatorsReady(contract: OpenApiDocument, app: Application): Promise<void> {
  await contractLoaded();
  for (const handlers of compiledValidators())
    for (const request of requestsOf(contract)) await pass(handlers, { ...request, app });
}

interface Probe {
  method: string;
  url: string;
  type: string | undefined;
}

/** One request of each operation, per media type its body may take: path parameters as `x`, which matches any. */
function* requestsOf({ paths }: OpenApiDocument): Generator<Probe> {
  for (const [path, item] of Object.entries(paths)) {
    const url = path.replace(/\{[^}]+\}/g, 'x');
    for (const [method, operation] of Object.entries(item)) {
      const { requestBody } = operation as DeclaredOperation;
      if (requestBody === undefined) yield { method: method.toUpperCase(), url, type: undefined };
      for (const type of Object.keys(requestBody?.content ?? {})) yield { method: method.toUpperCase(), url, type };
    }
  }
}

/**
 * Runs a made-up request of `app` through a validator's steps, up to the first that refuses it (its body is `{}`,
 * its path parameters `x`): the check is compiled before it is run. A step that throws anything but a refusal rejects.
 */
function pass(handlers: RequestHandler[], { method, url, type, app }: Probe & { app: Application }): Promise<void> {
  const req = {
    app,
    method,
    url,
    originalUrl: url,
    baseUrl: '',
    path: url,
    headers: type === undefined ? {} : { 'content-type': type, 'content-length': '2' },
    query: {},
    params: {},
    body: type === undefined ? undefined : {},
  } as unknown as Request;
  const res = { locals: {}, json() {} } as unknown as Response;
  return new Promise((resolve, reject) => {
    const step = (index: number) => (error?: unknown) => {
      const handler = handlers[index];
      if (error !== undefined || handler === undefined) return resolve();
      try {
        void handler(req, res, step(index + 1));
      } catch (thrown) {
        // The validator throws what it refuses (a 400, with its status) as often as it passes it on.
        if (typeof (thrown as { status?: unknown }).status === 'number') resolve();
        else reject(thrown as Error);
      }
    };
    step(0)();
  });
}
