import { killLeftoverServers } from './helpers/process.js';

/** Mocha root hooks: after the whole run, no server process outlives it. */
export const mochaHooks = {
  afterAll(): void {
    killLeftoverServers();
  },
};
