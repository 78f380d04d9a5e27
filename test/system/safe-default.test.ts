import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { refusedStart, startServerProcess, stop } from '../helpers/process.js';
import { freshDataFile } from '../helpers/service.js';

describe('the safe default: no authentication means loopback only', () => {
  it('when HOST is not a loopback address and no authentication is configured, then the server refuses in one line that says how to configure it', async () => {
    const { code, stderr } = await refusedStart(await freshDataFile(), { HOST: '0.0.0.0' });
    expect(code).to.equal(1);
    expect(stderr.split('\n'), 'one line').to.have.length(2).and.to.have.property('1', '');
    expect(stderr)
      .to.match(/^Refusing to listen on 0\.0\.0\.0 without authentication: .+\.\n$/)
      .and.contain('AUTH_JWT_SECRET_FILE')
      .and.contain('AUTH_JWT_SECRET')
      .and.contain('AUTH_JWT_PUBLIC_KEY')
      .and.contain('ALLOW_UNAUTHENTICATED=true');
  });

  it('when ALLOW_UNAUTHENTICATED=true, then it serves as the local user and warns', async () => {
    const server = await startServerProcess(await freshDataFile(), { HOST: '0.0.0.0', ALLOW_UNAUTHENTICATED: 'true' });
    try {
      expect(server.output()).to.contain('Warning: serving 0.0.0.0 without authentication');
      const reply = await call(server.service, 'POST', '/api/streams', { body: { title: 't' } });
      expect(reply.body.createdBy).to.equal('local');
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it('when a secret is configured, then a non-loopback HOST is allowed and /api needs a token', async () => {
    const server = await startServerProcess(await freshDataFile(), {
      HOST: '0.0.0.0',
      AUTH_JWT_SECRET: 'x'.repeat(32),
    });
    try {
      expect((await call(server.service, 'GET', '/api/streams/nav')).status).to.equal(401);
    } finally {
      await stop(server, 'SIGTERM');
    }
  });

  it('when an AUTH_ setting is set but empty, then the server refuses to start, naming it: it never turns authentication off', async () => {
    const settings: Record<string, string>[] = [
      { AUTH_JWT_SECRET: '' },
      { AUTH_JWT_PUBLIC_KEY: '' },
      { AUTH_JWT_SECRET: 'x'.repeat(32), AUTH_JWT_AUDIENCE: '' },
    ];
    for (const env of settings) {
      const { code, stderr } = await refusedStart(await freshDataFile(), env);
      const [name] = Object.keys(env).filter((key) => env[key] === '');
      expect([code, stderr], JSON.stringify(env)).to.deep.equal([
        1,
        `Refusing to start: ${name} is set but empty: give it a value, or unset it\n`,
      ]);
    }
  });

  it('when ALLOWED_HOSTS holds something that is not a host name, then the server refuses to start', async () => {
    const { code, stderr } = await refusedStart(await freshDataFile(), { ALLOWED_HOSTS: 'http://app.test' });
    expect([code, stderr]).to.deep.equal([
      1,
      'Refusing to start: ALLOWED_HOSTS holds host names separated by commas (app.test, or .example.test for it and every name under it), not "http://app.test"\n',
    ]);
  });

  it('when the secret is shorter than 32 characters, then the server refuses to start', async () => {
    const { code, stderr } = await refusedStart(await freshDataFile(), { AUTH_JWT_SECRET: 'short' });
    expect(code).to.not.equal(0);
    expect(stderr).to.contain('AUTH_JWT_SECRET must be at least 32 characters');
  });
});
