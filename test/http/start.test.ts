import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { loadConfig } from '../../src/config/load-config.js';
import { loadSpec } from '../../src/contract/spec.js';
import { createLogger } from '../../src/observability/logger.js';
import { startService } from '../../src/start.js';
import { freshDataFile } from '../helpers/service.js';

// src/serve.ts's start-up, called in this process: what `make run` does once its settings are read.
describe('the service started in process (startService)', () => {
  const start = (dataFile: string) =>
    startService(
      loadConfig({ DATA_FILE: dataFile, PORT: '0', HOST: '127.0.0.1', SHUTDOWN_DELAY: '0' }),
      loadSpec(),
      createLogger('silent', { write: () => {} }),
    );
  const settingsAt = (url: string) => `${url}/api/identity/settings/start-test`;

  it('when started on port 0, then it serves a write; stopped, it listens no more, and started again on its data file, it reads the write back', async () => {
    const dataFile = await freshDataFile();
    const first = await start(dataFile);
    let stopped = false;
    try {
      expect(first.url).to.match(/^http:\/\/127\.0\.0\.1:[1-9]\d*$/);
      const written = await fetch(settingsAt(first.url), {
        method: 'PATCH',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ patch: { theme: 'dark' } }),
      });
      expect(written.status, await written.clone().text()).to.equal(200);
      expect(await first.stop('test'), 'what kept the store from writing out').to.equal(undefined);
      stopped = true;
      const refused = await fetch(`${first.url}/healthz`).then(
        () => 'answered',
        (error: Error & { cause?: { code?: string } }) => error.cause?.code,
      );
      expect(refused).to.equal('ECONNREFUSED');
    } finally {
      if (!stopped) await first.stop('test');
    }
    const second = await start(dataFile);
    try {
      const read = await fetch(settingsAt(second.url));
      expect(await read.json()).to.deep.include({ namespace: 'start-test', settings: { theme: 'dark' } });
    } finally {
      await second.stop('test');
    }
  });

  it('when it has started, then the validator has compiled its check of every operation, and one request of each compiles none', async () => {
    // In a process of its own: this one's validators may have met every operation in other tests already.
    const script = `
      import { RequestValidator } from 'express-openapi-validator/dist/middlewares/openapi.request.validator.js';
      const { loadConfig } = await import('./src/config/load-config.ts');
      const { loadSpec } = await import('./src/contract/spec.ts');
      const { createLogger } = await import('./src/observability/logger.ts');
      const { startService } = await import('./src/start.ts');
      let compiled = 0;
      const build = RequestValidator.prototype.buildMiddleware;
      RequestValidator.prototype.buildMiddleware = function (...args) { compiled++; return build.apply(this, args); };
      const contract = loadSpec();
      const service = await startService(
        loadConfig({ DATA_FILE: process.argv[1], PORT: '0', HOST: '127.0.0.1', SHUTDOWN_DELAY: '0' }),
        contract,
        createLogger('silent', { write: () => {} }),
      );
      const atStart = compiled;
      const answered = [];
      for (const [path, item] of Object.entries(contract.paths))
        for (const [method, operation] of Object.entries(item)) {
          const url = service.url + path.replace(/\\{[^}]+\\}/g, '00000000-0000-4000-8000-000000000001');
          const type = Object.keys(operation.requestBody?.content ?? {})[0];
          const sent = type ? { body: '{}', headers: { 'content-type': type } } : {};
          answered.push((await fetch(url, { method: method.toUpperCase(), ...sent })).status);
        }
      console.log(JSON.stringify({ atStart, afterRequests: compiled, answered: answered.length }));
      await service.stop('test');
    `;
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', script, await freshDataFile()],
      { timeout: 60_000 },
    );
    const { atStart, afterRequests, answered } = JSON.parse(stdout.trim().split('\n').at(-1)!);
    const operations = Object.values(loadSpec().paths).flatMap((item) => Object.keys(item)).length;
    expect(answered).to.equal(operations);
    expect(atStart, 'checks compiled before listening: at least one per operation').to.be.at.least(operations);
    expect(afterRequests - atStart, 'checks compiled by the first request of each operation').to.equal(0);
  });
});
