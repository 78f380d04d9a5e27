// Written by hand; scripts/client/extras.ts copies it into generated/client/ as the package's entry.
export * from '../../../generated/client/schema.js';
export * from '../../../generated/client/guards.js';
export * from './client.js';
export * from './retry.js';
export * from './answers.js';
