import { readFileSync } from 'node:fs';
import { expect } from 'chai';
import { loadConfig, storeSettings } from '../../src/config/load-config.js';
import { parseDuration, parseSize } from '../../src/config/parse.js';
import {
  CHECKPOINT_BYTES,
  CONTROL_SOCKET,
  JOURNAL_MAX_BYTES,
  STORE_MAX_BYTES,
} from '../../src/store/lowdb/lowdb-settings.js';

/** The default configuration.md's tables state for `name`. */
function documented(name: string): string {
  const row = readFileSync('docs/operators/configuration.md', 'utf8')
    .split('\n')
    .find((line) => line.startsWith('| ') && line.includes(`| \`${name}\` | `));
  const cells = row?.split(/\s*\|\s*/) ?? [];
  return /^`(.+)`$/.exec(cells[cells.findIndex((cell) => cell === `\`${name}\``) + 1] ?? '')?.[1] ?? `${name}: none`;
}

describe("the embedded store's defaults, owned by config", () => {
  // A heap of 64 GiB and a database URL: nothing lowers the stated size.
  const settings = storeSettings(loadConfig({ DATABASE_URL: 'postgres://db.test/collab' }, 64 * 1024 ** 3));

  it('when nothing is set, then the store is given the defaults configuration.md states', () => {
    expect(settings.checkpointBytes).to.equal(parseSize(documented('JOURNAL_CHECKPOINT_BYTES')));
    expect(settings.limits?.storeMaxBytes).to.equal(parseSize(documented('STORE_MAX_BYTES')));
    expect(settings.limits?.journalMaxBytes).to.equal(parseSize(documented('JOURNAL_MAX_BYTES')));
    expect(settings.limits?.controlSocket).to.deep.equal({
      idleMs: parseDuration(documented('CONTROL_SOCKET_IDLE_TIMEOUT'), 'CONTROL_SOCKET_IDLE_TIMEOUT'),
      maxConnections: Number(documented('CONTROL_SOCKET_MAX_CONNECTIONS')),
    });
  });

  it('when a lowdb store is opened without settings (a test, a tool), then it takes the same numbers as the service', () => {
    expect({ CHECKPOINT_BYTES, STORE_MAX_BYTES, JOURNAL_MAX_BYTES, CONTROL_SOCKET }).to.deep.equal({
      CHECKPOINT_BYTES: settings.checkpointBytes,
      STORE_MAX_BYTES: settings.limits?.storeMaxBytes,
      JOURNAL_MAX_BYTES: settings.limits?.journalMaxBytes,
      CONTROL_SOCKET: settings.limits?.controlSocket,
    });
  });
});
