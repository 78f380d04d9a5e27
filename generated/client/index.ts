/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 1.0.0) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */
import { ResponseError } from './runtime.js';
import type { Problem } from './models/index.js';

export * from './runtime.js';
export * from './apis/index.js';
export * from './models/index.js';

/**
 * The RFC 9457 problem document a failed call was answered with, typed as the
 * operation declares it (`Problem`, or e.g. `DraftConflictProblem` for a draft
 * save's 409); undefined when `error` is not an HTTP error with a problem body.
 */
export async function problemOf<T extends Problem = Problem>(error: unknown): Promise<T | undefined> {
    if (!(error instanceof ResponseError)) return undefined;
    const type = error.response.headers.get('content-type') ?? '';
    if (!type.startsWith('application/problem+json')) return undefined;
    return (await error.response.clone().json()) as T;
}
