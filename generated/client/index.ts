/* eslint-disable */
/**
 * Copied from scripts/client/runtime/index.ts by scripts/client/extras.ts.
 * Do not edit: change that file and run `make generate`.
 */
export * from './schema.js';
export * from './guards.js';
export * from './client.js';
export * from './retry.js';
export * from './answers.js';
