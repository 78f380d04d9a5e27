import { undeclared } from './helpers/declared.js';
import { killLeftoverServers } from './helpers/process.js';

/** Mocha root hooks: after the run, no server process outlives it and nothing a test service sent is undeclared. */
export const mochaHooks = {
  afterAll(): void {
    killLeftoverServers();
    // Every status and header the test services sent is one openapi.yaml declares for the operation (test/helpers/declared.ts).
    const missing = undeclared();
    if (missing.length > 0)
      throw new Error(`openapi.yaml does not declare what the service sent:\n${missing.join('\n')}`);
  },
};
