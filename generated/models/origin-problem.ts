/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { FieldError } from './field-error.js';
// May contain unused imports in some cases
// @ts-ignore
import type { OriginExtension } from './origin-extension.js';
// May contain unused imports in some cases
// @ts-ignore
import type { Problem } from './problem.js';

/**
 * @type OriginProblem
 * A 403 problem naming the origin of a CORS preflight that `CORS_ORIGINS` does not allow (`origin-not-allowed`).
 */
export type OriginProblem = OriginExtension & Problem;


