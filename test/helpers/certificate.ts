import { execFile } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** A self-signed certificate (its own CA) for 127.0.0.1 and localhost, made with openssl: PEM files. */
export async function selfSignedCertificate(name = 'collab-test'): Promise<{ certFile: string; keyFile: string }> {
  const folder = await mkdtemp(join(tmpdir(), 'collab-cert-'));
  const [certFile, keyFile] = [join(folder, 'cert.pem'), join(folder, 'key.pem')];
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-days',
    '2',
    '-subj',
    `/CN=${name}`,
    '-addext',
    'subjectAltName=IP:127.0.0.1,DNS:localhost',
    '-keyout',
    keyFile,
    '-out',
    certFile,
  ]);
  return { certFile, keyFile };
}
