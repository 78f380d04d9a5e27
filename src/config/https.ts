import { readFileSync } from 'node:fs';
import { createSecureContext } from 'node:tls';

/** HTTPS served by the service itself: a PEM certificate (its chain after it) and its key, both files, read again when they change. */
export interface HttpsFiles {
  certFile: string;
  keyFile: string;
}

/** TLS_CERT_FILE and TLS_KEY_FILE, both or neither; a pair that cannot be read or does not match is refused at start-up. */
export function loadHttps(env: NodeJS.ProcessEnv): HttpsFiles | undefined {
  const certFile = env.TLS_CERT_FILE;
  const keyFile = env.TLS_KEY_FILE;
  if (certFile === undefined && keyFile === undefined) return undefined;
  if (certFile === undefined || keyFile === undefined)
    throw new Error(
      `${certFile === undefined ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'} is set without ${certFile === undefined ? 'TLS_CERT_FILE' : 'TLS_KEY_FILE'}: HTTPS needs the certificate and its key`,
    );
  readKeyPair({ certFile, keyFile });
  return { certFile, keyFile };
}

/** The pair as a secure context's options; throws, naming the file, when one cannot be read or they do not match. */
export function readKeyPair({ certFile, keyFile }: HttpsFiles): { cert: string; key: string } {
  const read = (file: string, name: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch (error) {
      throw new Error(
        `${name} names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
        { cause: error },
      );
    }
  };
  const pair = { cert: read(certFile, 'TLS_CERT_FILE'), key: read(keyFile, 'TLS_KEY_FILE') };
  try {
    createSecureContext(pair);
  } catch (error) {
    throw new Error(`TLS_CERT_FILE and TLS_KEY_FILE are not a certificate and its key (${(error as Error).message})`, {
      cause: error,
    });
  }
  return pair;
}
