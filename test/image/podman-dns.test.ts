// deploy/podman-host.sh sets up the CNI dnsname plugin: containers on a network podman creates (as podman-compose
// does) find each other by name. Without it the compose service restarted in a loop on ENOTFOUND pgbouncer.
import { execFile, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { needs } from '../helpers/needs.js';

const run = promisify(execFile);

describe('deploy/podman-host.sh: names on a podman network', function () {
  this.timeout(30 * 60_000);
  const name = `collab-dns-test-${randomUUID().slice(0, 8)}`;
  before(async function () {
    const info = spawnSync('podman', ['info'], { encoding: 'utf8' });
    needs(this, info.error || process.getuid?.() !== 0 ? 'podman, as root' : undefined);
    await run('deploy/podman-host.sh');
    await run('deploy/base-image.sh', ['podman'], { timeout: 25 * 60_000 });
  });
  after(async () => {
    await run('podman', ['rm', '--force', '--time', '0', `${name}-server`]).catch(() => {});
    await run('podman', ['network', 'rm', name]).catch(() => {});
  });

  it('when two containers share a network podman created, then one finds the other by its container name', async () => {
    await run('podman', ['network', 'create', name]);
    const base = 'collab-base:bookworm';
    await run('podman', [
      'run',
      '--detach',
      '--rm',
      '--name',
      `${name}-server`,
      '--network',
      name,
      base,
      'sleep',
      '120',
    ]);
    const { stdout } = await run('podman', [
      'run',
      '--rm',
      '--network',
      name,
      base,
      'getent',
      'hosts',
      `${name}-server`,
    ]);
    expect(stdout).to.match(new RegExp(`^\\d+\\.\\d+\\.\\d+\\.\\d+\\s+${name}-server`));
  });
});
