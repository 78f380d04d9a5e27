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
import type { HostExtension } from './host-extension.js';
// May contain unused imports in some cases
// @ts-ignore
import type { Problem } from './problem.js';

/**
 * @type HostProblem
 * A 421 problem naming the `Host` that is not served (`host-not-allowed`).
 */
export type HostProblem = HostExtension & Problem;


