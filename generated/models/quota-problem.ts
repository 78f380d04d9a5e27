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
import type { Problem } from './problem.js';
// May contain unused imports in some cases
// @ts-ignore
import type { QuotaExtension } from './quota-extension.js';

/**
 * @type QuotaProblem
 * A 403 problem naming the quota the write would pass (`quota-exceeded`).
 */
export type QuotaProblem = Problem & QuotaExtension;


