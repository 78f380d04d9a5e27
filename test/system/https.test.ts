import { expect } from 'chai';
import { X509Certificate } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rename } from 'node:fs/promises';
import { request } from 'node:https';
import { tmpdir } from 'node:os';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { selfSignedCertificate } from '../helpers/certificate.js';
import { refusedStart, startServerProcess, stop, type ServerProcess } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

/** A GET on a new connection, trusting `ca` only: the status, the body and the certificate the server showed. */
function get(url: string, ca: string): Promise<{ status: number; body: string; fingerprint: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/healthz`, { ca, agent: false }, (res) => {
      const fingerprint = (res.socket as TLSSocket).getPeerCertificate().fingerprint256;
      let body = '';
      res.on('data', (chunk) => (body += String(chunk)));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, fingerprint }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Polls `probe` until it is true; never a fixed sleep. */
async function until(what: string, probe: () => Promise<boolean>, withinMs = 60_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not ${what} within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Replaces `to` by `from` in one step, as a deploy tool or a Kubernetes secret does. */
async function replace(from: string, to: string): Promise<void> {
  await copyFile(from, `${to}.new`);
  await rename(`${to}.new`, to);
}

const fingerprintOf = async (file: string) => new X509Certificate(await readFile(file)).fingerprint256;

describe('HTTPS served by the service (TLS_CERT_FILE, TLS_KEY_FILE)', function () {
  this.timeout(120_000);
  let instance: ServerProcess | undefined;
  after(async () => {
    if (instance) await stop(instance, 'SIGTERM');
  });

  it('when the certificate files are replaced, then new connections get the new certificate, a half-replaced pair keeping the old', async () => {
    const [first, second, third] = await Promise.all(
      ['one', 'two', 'three'].map((name) => selfSignedCertificate(name)),
    );
    const folder = await mkdtemp(join(tmpdir(), 'collab-https-'));
    const [certFile, keyFile] = [join(folder, 'tls.crt'), join(folder, 'tls.key')];
    await copyFile(first!.certFile, certFile);
    await copyFile(first!.keyFile, keyFile);
    instance = await startServerProcess(await freshDataFile(), { TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile });
    const { url } = instance.service;
    expect(url).to.match(/^https:\/\//);
    const before = await get(url, await readFile(first!.certFile, 'utf8'));
    expect(before.status).to.equal(200);
    expect(before.fingerprint).to.equal(await fingerprintOf(first!.certFile));

    await replace(second!.keyFile, keyFile);
    await replace(second!.certFile, certFile);
    const secondCa = await readFile(second!.certFile, 'utf8');
    await until('serving the second certificate', async () => (await get(url, secondCa)).status === 200);
    expect((await get(url, secondCa)).fingerprint).to.equal(await fingerprintOf(second!.certFile));

    // Only the certificate replaced: it does not match the key, so the second pair is served on.
    await replace(third!.certFile, certFile);
    await until('saying the pair does not match', async () => instance!.output().includes('not reloaded'));
    expect((await get(url, secondCa)).status).to.equal(200);
    await replace(third!.keyFile, keyFile);
    const thirdCa = await readFile(third!.certFile, 'utf8');
    await until('serving the third certificate', async () => (await get(url, thirdCa)).status === 200);
  });

  it('when TLS_CERT_FILE is set without TLS_KEY_FILE, then start-up is refused in one line naming both', async () => {
    const { certFile } = await selfSignedCertificate();
    const { code, stderr } = await refusedStart(await freshDataFile(), { TLS_CERT_FILE: certFile });
    expect(code).to.equal(1);
    expect(stderr.trim().split('\n')).to.deep.equal([
      'Refusing to start: TLS_CERT_FILE is set without TLS_KEY_FILE: HTTPS needs the certificate and its key',
    ]);
  });
});
