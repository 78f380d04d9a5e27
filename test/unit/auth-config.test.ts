import { expect } from 'chai';
import { loadConfig } from '../../src/config/load-config.js';

describe('configuration of authentication (AUTH_*)', () => {
  it('when AUTH_JWKS_URL is set, then keys come from it; AUTH_JWT_ISSUER and AUTH_JWT_AUDIENCE apply as with a secret', () => {
    expect(
      loadConfig({
        AUTH_JWKS_URL: 'https://idp.test/jwks',
        AUTH_JWT_ISSUER: 'https://idp.test',
        AUTH_JWT_AUDIENCE: 'collab',
      }).auth,
    ).to.deep.equal({ jwksUrl: 'https://idp.test/jwks', issuer: 'https://idp.test', audience: 'collab' });
  });

  it('when AUTH_OIDC_ISSUER is set, then it is also the iss tokens must carry, unless AUTH_JWT_ISSUER says otherwise', () => {
    expect(loadConfig({ AUTH_OIDC_ISSUER: 'https://idp.test/realms/x' }).auth).to.deep.equal({
      oidcIssuer: 'https://idp.test/realms/x',
      issuer: 'https://idp.test/realms/x',
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
      expect(loadConfig({ AUTH_JWKS_URL: url }).auth).to.deep.equal({ jwksUrl: url });
  });
});
