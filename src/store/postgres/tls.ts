import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';

/**
 * TLS to PostgreSQL as libpq reads it: `sslmode`, `sslrootcert`, `sslcert` and `sslkey` in DATABASE_URL,
 * else PGSSLMODE, PGSSLROOTCERT, PGSSLCERT and PGSSLKEY. node-postgres reads `sslmode=require` as verify-full
 * and warns on stderr; here it means what libpq means, and the parameters never reach node-postgres.
 * Without any sslmode: no TLS, as node-postgres (libpq would try TLS first, `prefer`).
 */
export type Ssl = false | ConnectionOptions;

export interface Tls {
  /** The sslmode in effect, or undefined when none is named. */
  mode: string | undefined;
  /** How to connect first. */
  ssl: Ssl;
  /** How to connect when the first way is refused for its encryption: `prefer` without TLS, `allow` with it. */
  fallback?: Ssl;
}

const MODES = ['disable', 'allow', 'prefer', 'require', 'verify-ca', 'verify-full'];
/** The URL parameters read here, taken out of what node-postgres parses. */
export const TLS_PARAMETERS = ['sslmode', 'sslrootcert', 'sslcert', 'sslkey', 'ssl', 'uselibpqcompat'];

export function tlsOf(query: URLSearchParams, env: NodeJS.ProcessEnv = process.env): Tls {
  const setting = (parameter: string, variable: string): string | undefined => {
    const value = query.get(parameter) ?? env[variable];
    if (value?.trim() === '')
      throw new Error(`${query.has(parameter) ? `DATABASE_URL's ${parameter}` : variable} is set but empty`);
    return value;
  };
  const mode = setting('sslmode', 'PGSSLMODE');
  if (mode === undefined || mode === 'disable') return { mode, ssl: false };
  if (!MODES.includes(mode))
    throw new Error(
      `sslmode is "${mode}": it takes disable, allow, prefer, require, verify-ca or verify-full, as libpq` +
        (mode === 'no-verify' ? ' (require encrypts without verifying)' : ''),
    );
  const rootCert = setting('sslrootcert', 'PGSSLROOTCERT');
  const certFile = setting('sslcert', 'PGSSLCERT');
  const keyFile = setting('sslkey', 'PGSSLKEY');
  const client: ConnectionOptions = {
    ...(certFile ? { cert: readPem(certFile, 'sslcert') } : {}),
    ...(keyFile ? { key: readPem(keyFile, 'sslkey') } : {}),
  };
  const unverified: ConnectionOptions = { ...client, rejectUnauthorized: false };
  if (mode === 'allow') return { mode, ssl: false, fallback: unverified };
  if (mode === 'prefer') return { mode, ssl: unverified, fallback: false };
  // "system" is libpq's name for the trusted CAs of the system: Node's own, when none is given.
  const ca = rootCert && rootCert !== 'system' ? { ca: readPem(rootCert, 'sslrootcert') } : {};
  // libpq: with a root certificate, require verifies the chain as verify-ca does.
  if (mode === 'require' && !rootCert) return { mode, ssl: unverified };
  if (mode === 'verify-ca' && !('ca' in ca))
    throw new Error(
      'sslmode=verify-ca needs the CA that signed the server certificate (sslrootcert=<file> or PGSSLROOTCERT): any certificate a public CA signed would pass',
    );
  const anyHost = mode === 'verify-full' ? {} : { checkServerIdentity: () => undefined };
  return { mode, ssl: { ...client, ...ca, ...anyHost } };
}

function readPem(file: string, parameter: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(
      `${parameter} names ${file}, which cannot be read (${(error as NodeJS.ErrnoException).code ?? error})`,
      {
        cause: error,
      },
    );
  }
}

/** Whether `error`, met connecting with `tls.ssl`, is a refusal of that encryption, so that `tls.fallback` is tried. */
export function refusedForEncryption(error: unknown): boolean {
  const message = (error as Error).message ?? '';
  // prefer: the server has no TLS. allow: pg_hba.conf (or a pooler) wants TLS for this client.
  return /does not support SSL|no encryption|SSL required|hostssl/i.test(message);
}

/** A certificate refusal, with what to set: one line for the start-up refusal. */
export function explainTlsError(error: unknown, mode: string | undefined): string {
  const { code, message } = error as NodeJS.ErrnoException;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID')
    return `${message}; with sslmode=${mode}, connect by a name the certificate holds, or use sslmode=verify-ca`;
  if (/CERT|SELF_SIGNED|UNABLE_TO_(VERIFY|GET)/.test(code ?? ''))
    return `the server's certificate is not trusted (${message}); with sslmode=${mode}, name the CA that signed it with sslrootcert=<file> in DATABASE_URL or PGSSLROOTCERT, or use sslmode=require to encrypt without verifying`;
  return message;
}
