import { expect } from 'chai';
import { KEY_SET_BOUNDS } from '../../src/config/auth.js';
import { loadConfig } from '../../src/config/load-config.js';

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
});
