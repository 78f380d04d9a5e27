/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */


// May contain unused imports in some cases
// @ts-ignore
import type { DraftConflictExtension } from './draft-conflict-extension.js';
// May contain unused imports in some cases
// @ts-ignore
import type { FieldError } from './field-error.js';
// May contain unused imports in some cases
// @ts-ignore
import type { Problem } from './problem.js';

/**
 * @type DraftConflictProblem
 * A 409 problem carrying the stored draft\'s current `updatedAt` (`conflict`).
 */
export type DraftConflictProblem = DraftConflictExtension & Problem;


