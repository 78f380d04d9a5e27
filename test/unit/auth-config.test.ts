import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { KEY_SET_BOUNDS, keyFingerprints } from '../../src/config/auth.js';
import { loadConfig } from '../../src/config/load-config.js';

const SECRET = 'a-secret-of-at-least-32-characters-0123456789';
const OLD_SECRET = 'the-secret-before-it-of-32-characters-98765';

/** A file of its own holding `text`, as a podman or Kubernetes secret is mounted. */
function fileHolding(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'collab-secret-')), 'secret');
  writeFileSync(path, text);
  return path;
}

const publicPem = () =>
  generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
const sha256 = (bytes: string | Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('configuration of authentication (AUTH_*)', () => {
  it('when AUTH_JWKS_URL is set, then keys come from it; AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE apply as with a secret', () => {
    expect(
      loadConfig({
        AUTH_JWKS_URL: 'https://idp.test/jwks',
        AUTH_JWT_ISSUER: 'https://idp.test',
        AUTH_JWT_AUDIENCE: 'collab',
      }).auth,
    ).to.deep.equal({
      jwksUrl: 'https://idp.test/jwks',
      issuer: 'https://idp.test',
      audience: 'collab',
      keySetBounds: KEY_SET_BOUNDS,
    });
  });

  it('when AUTH_OIDC_ISSUER is set, then it is also the iss tokens must carry, unless AUTH_JWT_ISSUER says otherwise', () => {
    expect(loadConfig({ AUTH_OIDC_ISSUER: 'https://idp.test/realms/x' }).auth).to.deep.equal({
      oidcIssuer: 'https://idp.test/realms/x',
      issuer: 'https://idp.test/realms/x',
      keySetBounds: KEY_SET_BOUNDS,
    });
    expect(
      loadConfig({ AUTH_OIDC_ISSUER: 'https://idp.test/realms/x', AUTH_JWT_ISSUER: 'https://tokens.test' }).auth,
    ).to.include({ issuer: 'https://tokens.test' });
  });

  it('when two of AUTH_JWT_SECRET, AUTH_JWT_PUBLIC_KEY, AUTH_JWKS_URL and AUTH_OIDC_ISSUER are set, then start-up is refused, naming them', () => {
    expect(() => loadConfig({ AUTH_JWT_SECRET: 'x'.repeat(32), AUTH_JWKS_URL: 'https://idp.test/jwks' })).to.throw(
      'Set one of AUTH_JWT_SECRET, AUTH_JWT_PUBLIC_KEY, AUTH_JWKS_URL, AUTH_OIDC_ISSUER, not 2: AUTH_JWT_SECRET and AUTH_JWKS_URL are set',
    );
    expect(() => loadConfig({ AUTH_JWKS_URL: 'https://idp.test/jwks', AUTH_OIDC_ISSUER: 'https://idp.test' })).to.throw(
      'AUTH_JWKS_URL and AUTH_OIDC_ISSUER are set',
    );
    expect(() => loadConfig({ AUTH_JWKS_URL: '' })).to.throw('AUTH_JWKS_URL is set but empty');
  });

  it('when the key set or issuer is not HTTPS, then start-up is refused, but for plain HTTP on this machine', () => {
    expect(() => loadConfig({ AUTH_JWKS_URL: 'http://idp.test/jwks' })).to.throw(
      'AUTH_JWKS_URL must be an https:// URL (http:// only on localhost, 127.0.0.1 or [::1]), not "http://idp.test/jwks"',
    );
    expect(() => loadConfig({ AUTH_OIDC_ISSUER: 'idp.test' })).to.throw('AUTH_OIDC_ISSUER must be an https:// URL');
    for (const url of ['http://127.0.0.1:8080/jwks', 'http://localhost/jwks', 'http://[::1]:9/jwks'])
      expect(loadConfig({ AUTH_JWKS_URL: url }).auth).to.deep.equal({ jwksUrl: url, keySetBounds: KEY_SET_BOUNDS });
  });

  it('when AUTH_JWKS_MAX_BYTES and AUTH_JWKS_MAX_KEYS are unset, then 256 KiB and 100 keys; set, they bound the key set', () => {
    expect(KEY_SET_BOUNDS).to.deep.equal({ maxBytes: 262_144, maxKeys: 100 });
    const url = { AUTH_JWKS_URL: 'https://idp.test/jwks' };
    expect(
      loadConfig({ ...url, AUTH_JWKS_MAX_BYTES: '1mb', AUTH_JWKS_MAX_KEYS: '20' }).auth?.keySetBounds,
    ).to.deep.equal({ maxBytes: 1024 ** 2, maxKeys: 20 });
    expect(loadConfig({ ...url, AUTH_JWKS_MAX_BYTES: '1kb' }).auth?.keySetBounds?.maxBytes, 'at its least').to.equal(
      1024,
    );
    expect(loadConfig({ AUTH_JWT_SECRET: 'x'.repeat(32), AUTH_JWKS_MAX_KEYS: '5' }).auth).not.to.have.property(
      'keySetBounds',
    );
  });

  it('when AUTH_JWKS_MAX_BYTES or AUTH_JWKS_MAX_KEYS is empty, unreadable or below its least, then start-up is refused naming it', () => {
    const url = { AUTH_JWKS_URL: 'https://idp.test/jwks' };
    expect(() => loadConfig({ ...url, AUTH_JWKS_MAX_BYTES: '' })).to.throw('AUTH_JWKS_MAX_BYTES is set but empty');
    expect(() => loadConfig({ ...url, AUTH_JWKS_MAX_KEYS: '' })).to.throw('AUTH_JWKS_MAX_KEYS is set but empty');
    expect(() => loadConfig({ ...url, AUTH_JWKS_MAX_BYTES: 'lots' })).to.throw('AUTH_JWKS_MAX_BYTES must be a size');
    expect(() => loadConfig({ ...url, AUTH_JWKS_MAX_BYTES: '1023' })).to.throw(
      'AUTH_JWKS_MAX_BYTES must be at least 1kb, not "1023"',
    );
    expect(() => loadConfig({ ...url, AUTH_JWKS_MAX_KEYS: '0' })).to.throw(
      'AUTH_JWKS_MAX_KEYS must be a whole number of at least 1, not "0"',
    );
  });

  describe('secrets as operators hand them over', () => {
    it('when AUTH_JWT_SECRET ends in whitespace or a newline, then the secret is without it', () => {
      for (const tail of ['\n', '\r\n', ' \t\n\n'])
        expect(loadConfig({ AUTH_JWT_SECRET: `${SECRET}${tail}` }).auth, JSON.stringify(tail)).to.deep.equal({
          secret: SECRET,
        });
    });

    it('when AUTH_JWT_SECRET_FILE names a file ending in a newline, then the secret is the one the variable gives, with the same fingerprint', () => {
      const fromFile = loadConfig({ AUTH_JWT_SECRET_FILE: fileHolding(`${SECRET}\n`) }).auth;
      const fromVariable = loadConfig({ AUTH_JWT_SECRET: SECRET }).auth;
      expect(fromFile).to.deep.equal(fromVariable);
      expect(keyFingerprints(fromFile)).to.deep.equal(keyFingerprints(fromVariable));
    });

    it('when both AUTH_JWT_SECRET and AUTH_JWT_SECRET_FILE are set, or the file cannot be read, is empty or short, then start-up is refused naming it', () => {
      const file = fileHolding(SECRET);
      expect(() => loadConfig({ AUTH_JWT_SECRET: SECRET, AUTH_JWT_SECRET_FILE: file })).to.throw(
        'Set AUTH_JWT_SECRET or AUTH_JWT_SECRET_FILE, not both',
      );
      expect(() => loadConfig({ AUTH_JWT_SECRET_FILE: '/nonexistent/jwt-secret' })).to.throw(
        'AUTH_JWT_SECRET_FILE names /nonexistent/jwt-secret, which cannot be read (ENOENT)',
      );
      const blank = fileHolding(' \n');
      expect(() => loadConfig({ AUTH_JWT_SECRET_FILE: blank })).to.throw(
        `AUTH_JWT_SECRET_FILE names ${blank}, which is empty: put the secret in it`,
      );
      expect(() => loadConfig({ AUTH_JWT_SECRET_FILE: fileHolding('short\n') })).to.throw(
        'AUTH_JWT_SECRET must be at least 32 characters',
      );
      expect(() => loadConfig({ AUTH_JWT_SECRET_FILE: '' })).to.throw('AUTH_JWT_SECRET_FILE is set but empty');
    });

    it('when AUTH_JWT_PUBLIC_KEY names a file holding no public key, or AUTH_JWT_PUBLIC_KEY_FILE is set, then start-up is refused in one line', () => {
      const notAKey = fileHolding('not a key\n');
      expect(() => loadConfig({ AUTH_JWT_PUBLIC_KEY: notAKey })).to.throw(
        `AUTH_JWT_PUBLIC_KEY names ${notAKey}, which holds no PEM public key`,
      );
      expect(() => loadConfig({ AUTH_JWT_PUBLIC_KEY: '/nonexistent/jwt.pem' })).to.throw(
        'AUTH_JWT_PUBLIC_KEY names /nonexistent/jwt.pem, which cannot be read (ENOENT)',
      );
      expect(() => loadConfig({ AUTH_JWT_PUBLIC_KEY_FILE: fileHolding(publicPem()) })).to.throw(
        'AUTH_JWT_PUBLIC_KEY_FILE is not a setting: AUTH_JWT_PUBLIC_KEY itself names the PEM file',
      );
    });

    it('when a previous secret or key is set beside the current one, then both are kept; alone or short, then start-up is refused', () => {
      const [pem, oldPem] = [publicPem(), publicPem()];
      expect(
        loadConfig({ AUTH_JWT_SECRET: SECRET, AUTH_JWT_SECRET_PREVIOUS_FILE: fileHolding(`${OLD_SECRET}\n`) }).auth,
      ).to.deep.equal({ secret: SECRET, previousSecret: OLD_SECRET });
      expect(
        loadConfig({ AUTH_JWT_PUBLIC_KEY: fileHolding(pem), AUTH_JWT_PUBLIC_KEY_PREVIOUS: fileHolding(oldPem) }).auth,
      ).to.deep.equal({ publicKey: pem, previousPublicKey: oldPem });
      expect(() => loadConfig({ AUTH_JWT_SECRET_PREVIOUS: OLD_SECRET })).to.throw(
        'AUTH_JWT_SECRET_PREVIOUS verifies only during a rotation, beside the current AUTH_JWT_SECRET or AUTH_JWT_PUBLIC_KEY: set that too',
      );
      expect(() => loadConfig({ AUTH_JWT_PUBLIC_KEY_PREVIOUS: fileHolding(oldPem) })).to.throw(
        'AUTH_JWT_PUBLIC_KEY_PREVIOUS verifies only during a rotation',
      );
      expect(() => loadConfig({ AUTH_JWT_SECRET: SECRET, AUTH_JWT_SECRET_PREVIOUS: 'short' })).to.throw(
        'AUTH_JWT_SECRET_PREVIOUS must be at least 32 characters',
      );
      expect(() =>
        loadConfig({ AUTH_JWKS_URL: 'https://idp.test/jwks', AUTH_JWT_SECRET_PREVIOUS: OLD_SECRET }),
      ).to.throw('AUTH_JWT_SECRET_PREVIOUS verifies only during a rotation');
    });

    it("when fingerprints are made, then each is the first 8 hex digits of SHA-256 of the secret, or of the key's DER whatever its line endings", () => {
      const pem = publicPem();
      const der = Buffer.from(pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
      const auth = { secret: SECRET, previousSecret: OLD_SECRET };
      expect(keyFingerprints(auth)).to.deep.equal({
        AUTH_JWT_SECRET: sha256(SECRET).slice(0, 8),
        AUTH_JWT_SECRET_PREVIOUS: sha256(OLD_SECRET).slice(0, 8),
      });
      expect(keyFingerprints({ publicKey: pem, previousPublicKey: pem.replaceAll('\n', '\r\n') })).to.deep.equal({
        AUTH_JWT_PUBLIC_KEY: sha256(der).slice(0, 8),
        AUTH_JWT_PUBLIC_KEY_PREVIOUS: sha256(der).slice(0, 8),
      });
      expect(keyFingerprints(undefined)).to.deep.equal({});
    });
  });
});
