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
});
