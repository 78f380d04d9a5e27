import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Context } from 'mocha';
import { specPath } from '../src/contract/spec.js';
import { undeclared } from './helpers/declared.js';
import { killLeftoverServers } from './helpers/process.js';

/** Mocha root hooks: the API reference is built before the run, and after it no server process outlives it and
 * nothing a test service sent is undeclared. */
export const mochaHooks = {
  beforeAll(this: Context): void {
    // Every app serves /docs from dist/docs/ (npm run build:docs). Built here when missing, so that a test of /docs
    // (test/http/hostile.test.ts) does not rely on test/system/docs.test.ts, which rebuilds it, having run first.
    if (existsSync(join(dirname(specPath), 'dist', 'docs', 'index.html'))) return;
    this.timeout(120_000);
    execFileSync('npm', ['run', '--silent', 'build:docs'], { stdio: 'ignore' });
  },
  afterAll(): void {
    killLeftoverServers();
    // Every status and header the test services sent is one openapi.yaml declares for the operation (test/helpers/declared.ts).
    const missing = undeclared();
    if (missing.length > 0)
      throw new Error(`openapi.yaml does not declare what the service sent:\n${missing.join('\n')}`);
  },
};
