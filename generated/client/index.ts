/* tslint:disable */
/* eslint-disable */
/**
 * Generated from openapi.yaml (Collaboration Service API 2.0.0-dev) by OpenAPI Generator.
 * Do not edit: change openapi.yaml and run `make generate`.
 */
export * from './runtime.js';
export * from './apis/index.js';
export * from './models/index.js';
// Made by scripts/client/extras.ts from the same openapi.yaml: typed problems per operation, guards of the content tree's variants.
export * from './problems.js';
export * from './guards.js';
