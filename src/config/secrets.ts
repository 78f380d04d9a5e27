import { createHash, createPublicKey } from 'node:crypto';
import { readFileSync } from 'node:fs';

// Secrets as operators hand them over: a variable, or a file (a podman or Kubernetes secret), often with a newline.

/**
 * The secret `name` holds, or the file `${name}_FILE` names holds (the container convention), without
 * its trailing whitespace: `openssl rand -hex 32 > file` keeps a newline, and an instance given the file
 * must agree with one given the variable. Undefined when neither is set; both set is refused.
 */
export function readSecret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const [value, file] = [env[name], env[`${name}_FILE`]];
  if (value !== undefined && file !== undefined) throw new Error(`Set ${name} or ${name}_FILE, not both`);
  if (file === undefined) return value?.trimEnd();
  const text = readSettingFile(file, `${name}_FILE`).trimEnd();
  if (text === '') throw new Error(`${name}_FILE names ${file}, which is empty: put the secret in it`);
  return text;
}

/** The text of the file `path` that the setting `name` names, or a one-line refusal naming both. */
export function readSettingFile(path: string, name: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const why = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new Error(`${name} names ${path}, which cannot be read (${why})`, { cause: error });
  }
}

/**
 * What a start-up line shows of a secret or a public key, so instances can be compared: the first
 * 8 hex digits of SHA-256 of the secret's bytes, or of the public key's DER (SubjectPublicKeyInfo),
 * the same whatever the PEM's line endings. Nothing to sign with.
 */
export function fingerprint(secret: string | { publicKey: string }): string {
  const bytes =
    typeof secret === 'string' ? secret : createPublicKey(secret.publicKey).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(bytes).digest('hex').slice(0, 8);
}

/** An HS256 secret, from the variable or its _FILE, of at least 32 characters. */
export function readJwtSecret(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const secret = readSecret(env, name);
  if (secret !== undefined && secret.length < 32) throw new Error(`${name} must be at least 32 characters`);
  return secret;
}

/** The PEM public key in the file `name` names, refused in one line when it is none. */
export function readPublicKey(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const path = env[name];
  if (path === undefined) return undefined;
  const pem = readSettingFile(path, name);
  try {
    fingerprint({ publicKey: pem });
  } catch (error) {
    throw new Error(`${name} names ${path}, which holds no PEM public key`, { cause: error });
  }
  return pem;
}
