import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { loadConfig, SHUTDOWN_DELAY_MS, SHUTDOWN_TIMEOUT_MS, storeSettings } from '../../src/config/load-config.js';
import { DEFAULT_TIMEOUTS } from '../../src/edge/listen.js';

/** A file of its own holding `text`. */
function fileHolding(text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'collab-config-')), 'setting');
  writeFileSync(path, text);
  return path;
}

/** Every variable loadConfig reads when none is set. */
function settingsRead(): Set<string> {
  const read = new Set<string>();
  const recording = new Proxy({} as NodeJS.ProcessEnv, {
    get: (_env, name) => void (typeof name === 'string' && read.add(name)),
  });
  loadConfig(recording);
  return read;
}

describe('configuration from the environment', () => {
  describe('SHUTDOWN_DELAY, SHUTDOWN_TIMEOUT', () => {
    it('when unset, then 5 s of readiness off before the listener closes, and as long for requests in flight as a request may take to arrive', () => {
      expect(loadConfig({}).shutdown).to.deep.equal({ delayMs: 5_000, timeoutMs: 30_000 });
      expect([SHUTDOWN_DELAY_MS, SHUTDOWN_TIMEOUT_MS]).to.deep.equal([5_000, 30_000]);
      expect(SHUTDOWN_TIMEOUT_MS, 'no upload still arriving is cut').to.be.at.least(DEFAULT_TIMEOUTS.requestTimeout);
    });

    it('when given as seconds or as durations, then they are read so; 0 is allowed; anything else refuses to start', () => {
      expect(loadConfig({ SHUTDOWN_DELAY: '0', SHUTDOWN_TIMEOUT: '45' }).shutdown).to.deep.equal({
        delayMs: 0,
        timeoutMs: 45_000,
      });
      expect(loadConfig({ SHUTDOWN_DELAY: '1500ms', SHUTDOWN_TIMEOUT: '2m' }).shutdown).to.deep.equal({
        delayMs: 1_500,
        timeoutMs: 120_000,
      });
      expect(() => loadConfig({ SHUTDOWN_DELAY: 'soon' })).to.throw(
        'SHUTDOWN_DELAY must be a duration such as 500ms, 60s, 15m or 24h, not "soon"',
      );
      expect(() => loadConfig({ SHUTDOWN_TIMEOUT: '-1' })).to.throw('SHUTDOWN_TIMEOUT must be a duration');
    });
  });

  describe('IDEMPOTENCY_KEY_TTL, IDEMPOTENCY_KEY_LEASE', () => {
    it('when unset, then keys are kept 24 h and an attempt holds its key 60 s; when set, durations; anything else refuses to start', () => {
      expect(loadConfig({}).limits).to.include({ idempotencyKeyTtlMs: 86_400_000, idempotencyKeyLeaseMs: 60_000 });
      expect(loadConfig({ IDEMPOTENCY_KEY_TTL: '7d', IDEMPOTENCY_KEY_LEASE: '2m' }).limits).to.include({
        idempotencyKeyTtlMs: 604_800_000,
        idempotencyKeyLeaseMs: 120_000,
      });
      expect(() => loadConfig({ IDEMPOTENCY_KEY_TTL: '24' })).to.throw(
        'IDEMPOTENCY_KEY_TTL must be a duration such as 500ms, 60s, 15m or 24h, not "24"',
      );
      expect(loadConfig({ IDEMPOTENCY_KEY_TTLS: '1h' }).warnings).to.deep.equal([
        'IDEMPOTENCY_KEY_TTLS is not a setting of this service and is ignored; did you mean IDEMPOTENCY_KEY_TTL?',
      ]);
    });
  });

  describe('READINESS_STORE_GRACE', () => {
    it('when unset, then 30 s; when set, a duration, 0s included (readiness fails with the store at once); anything else refuses to start', () => {
      expect(loadConfig({}).limits.readinessStoreGraceMs).to.equal(30_000);
      expect(loadConfig({ READINESS_STORE_GRACE: '2m' }).limits.readinessStoreGraceMs).to.equal(120_000);
      expect(loadConfig({ READINESS_STORE_GRACE: '0s' }).limits.readinessStoreGraceMs).to.equal(0);
      expect(() => loadConfig({ READINESS_STORE_GRACE: '30' })).to.throw(
        'READINESS_STORE_GRACE must be a duration such as 500ms, 60s, 15m or 24h, not "30"',
      );
    });
  });

  describe('STORE_START_TIMEOUT', () => {
    it('when unset, then PostgreSQL is waited for 60 s at start-up; when set, a duration, 0s included (no wait); anything else refuses to start; lowdb is not given it', () => {
      const waitOf = (env: NodeJS.ProcessEnv) => storeSettings(loadConfig(env)).startTimeoutMs;
      const postgres = { DATABASE_URL: 'postgres://u:p@db:5432/collab' };
      expect(waitOf(postgres)).to.equal(60_000);
      expect(waitOf({ ...postgres, STORE_START_TIMEOUT: '5m' })).to.equal(300_000);
      expect(waitOf({ ...postgres, STORE_START_TIMEOUT: '0s' })).to.equal(0);
      expect(waitOf({})).to.equal(undefined);
      expect(() => loadConfig({ STORE_START_TIMEOUT: 'soon' })).to.throw(
        'STORE_START_TIMEOUT must be a duration such as 500ms, 60s, 15m or 24h, not "soon"',
      );
    });
  });

  describe('CONTROL_SOCKET_IDLE_TIMEOUT, CONTROL_SOCKET_MAX_CONNECTIONS', () => {
    it('when unset, then 10 s and 4 connections; when set, they reach the lowdb store; 0 or anything else refuses to start', () => {
      const socketOf = (env: NodeJS.ProcessEnv) => storeSettings(loadConfig(env)).limits?.controlSocket;
      expect(socketOf({})).to.deep.equal({ idleMs: 10_000, maxConnections: 4 });
      expect(socketOf({ CONTROL_SOCKET_IDLE_TIMEOUT: '1m', CONTROL_SOCKET_MAX_CONNECTIONS: '1' })).to.deep.equal({
        idleMs: 60_000,
        maxConnections: 1,
      });
      expect(() => loadConfig({ CONTROL_SOCKET_IDLE_TIMEOUT: '0s' })).to.throw(
        'CONTROL_SOCKET_IDLE_TIMEOUT must be more than 0, such as 10s',
      );
      expect(() => loadConfig({ CONTROL_SOCKET_IDLE_TIMEOUT: '10' })).to.throw(
        'CONTROL_SOCKET_IDLE_TIMEOUT must be a duration',
      );
      expect(() => loadConfig({ CONTROL_SOCKET_MAX_CONNECTIONS: '0' })).to.throw(
        'CONTROL_SOCKET_MAX_CONNECTIONS must be a whole number of at least 1, not "0"',
      );
    });
  });

  describe('LOG_BUFFER_MAX_BYTES', () => {
    it('when unset, then 16 MiB of log lines are held while stdout takes none; when set, a size of at least one write (64kb); less, or anything else, refuses to start', () => {
      expect(loadConfig({}).limits.logBufferBytes).to.equal(16 * 1024 ** 2);
      expect(loadConfig({ LOG_BUFFER_MAX_BYTES: '64kb' }).limits.logBufferBytes).to.equal(64 * 1024);
      expect(() => loadConfig({ LOG_BUFFER_MAX_BYTES: '65535' })).to.throw(
        'LOG_BUFFER_MAX_BYTES must be at least 64kb',
      );
      expect(() => loadConfig({ LOG_BUFFER_MAX_BYTES: 'lots' })).to.throw('LOG_BUFFER_MAX_BYTES');
    });
  });

  describe('QUOTA_IDEMPOTENCY_KEYS', () => {
    it("when unset, then a user keeps at most 5000 idempotency keys, the store's count of them; when set, that many; anything else refuses to start", () => {
      expect(storeSettings(loadConfig({})).limits?.quotas?.records).to.include({ idempotencyKeys: 5_000 });
      expect(storeSettings(loadConfig({ QUOTA_IDEMPOTENCY_KEYS: '7' })).limits?.quotas?.records).to.include({
        idempotencyKeys: 7,
      });
      for (const text of ['0', 'many', '1e3'])
        expect(() => loadConfig({ QUOTA_IDEMPOTENCY_KEYS: text })).to.throw(
          `QUOTA_IDEMPOTENCY_KEYS must be a whole number of at least 1, not "${text}"`,
        );
    });
  });

  describe('a variable set but empty', () => {
    it('when any variable the service reads is set but empty or blank, then start-up is refused in one line naming it', () => {
      const names = [...settingsRead()];
      expect(names).to.include.members(['DATABASE_URL', 'DATABASE_URL_FILE', 'PORT', 'LOG_LEVEL', 'MAX_IN_FLIGHT']);
      expect(names).to.include.members(['QUOTA_STREAMS', 'SHUTDOWN_DELAY', 'CORS_ORIGINS', 'ALLOWED_HOSTS']);
      for (const name of names)
        for (const blank of ['', ' ', '\n'])
          expect(() => loadConfig({ [name]: blank }), `${name}=${JSON.stringify(blank)}`).to.throw(
            `${name} is set but empty: give it a value, or unset it`,
          );
    });

    it('when a variable is documented in configuration.md, then it is one the service reads (and so refuses empty)', () => {
      const documented = readFileSync('docs/operators/configuration.md', 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('| '))
        .flatMap((line) => [...line.matchAll(/`([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)`/g)].map((match) => match[1]!));
      const read = settingsRead();
      const unread = documented.filter(
        (name) => !read.has(name) && !/^(OTEL|SANDBOX|RECORD)_/.test(name) && !name.startsWith('AUTH_JWT_'), // the tracing SDK's, the sandbox's and make record's read their own
      );
      expect(unread).to.deep.equal([]);
    });

    it('when DATABASE_URL is empty, then start-up is refused rather than the lowdb file served', () => {
      expect(() => loadConfig({ DATABASE_URL: '' })).to.throw('DATABASE_URL is set but empty');
    });

    it('when CORS_ORIGINS says none, then no origin is allowed, as an empty value said before', () => {
      expect(loadConfig({ CORS_ORIGINS: 'none' }).corsOrigins).to.deep.equal([]);
    });
  });

  describe('DATABASE_URL, DATABASE_URL_FILE', () => {
    const url = 'postgres://collab:secret@db.test:5432/collab';
    it('when the URL ends in whitespace (a secret with its newline), then it is the URL without it', () => {
      expect(loadConfig({ DATABASE_URL: `${url}\n` }).databaseUrl).to.equal(url);
    });
    it('when DATABASE_URL_FILE names a file, then the URL is read from it, without its trailing newline', () => {
      expect(loadConfig({ DATABASE_URL_FILE: fileHolding(`${url}\n`) }).databaseUrl).to.equal(url);
    });
    it('when both are set, or the file cannot be read or is empty, then start-up is refused naming them', () => {
      expect(() => loadConfig({ DATABASE_URL: url, DATABASE_URL_FILE: fileHolding(url) })).to.throw(
        'Set DATABASE_URL or DATABASE_URL_FILE, not both',
      );
      expect(() => loadConfig({ DATABASE_URL_FILE: '/nonexistent/database-url' })).to.throw(
        'DATABASE_URL_FILE names /nonexistent/database-url, which cannot be read (ENOENT)',
      );
      const blank = fileHolding('\n');
      expect(() => loadConfig({ DATABASE_URL_FILE: blank })).to.throw(
        `DATABASE_URL_FILE names ${blank}, which is empty`,
      );
    });
  });

  describe('variables that look like a misspelt setting', () => {
    it("when a variable shares a setting's first word and is at most two edits from it, then a warning names it and what it likely means", () => {
      const { warnings } = loadConfig({
        RATE_LIMT_WRITES: '5',
        QUTOA_STREAMS: '1',
        MAX_INFLIGHT: '9',
        AUTH_JWT_SECRT: 'x',
        SHUTDOWN_DEALY: '1',
      });
      expect(warnings).to.deep.equal([
        'AUTH_JWT_SECRT is not a setting of this service and is ignored; did you mean AUTH_JWT_SECRET?',
        'MAX_INFLIGHT is not a setting of this service and is ignored; did you mean MAX_IN_FLIGHT?',
        'RATE_LIMT_WRITES is not a setting of this service and is ignored; did you mean RATE_LIMIT_WRITES?',
        'SHUTDOWN_DEALY is not a setting of this service and is ignored; did you mean SHUTDOWN_DELAY?',
      ]);
    });

    it('when variables are settings, or not close to one (PATH, HOSTNAME, DATA_DIR, RATE_CARD), then nothing is said', () => {
      const env = {
        PATH: '/bin',
        HOSTNAME: 'box',
        DATA_DIR: '/d',
        RATE_CARD: '1',
        RATE_LIMIT_WRITES: '5',
        PORT: '8080',
        QUOTA_STREAMS: '3',
      };
      expect(loadConfig(env).warnings).to.deep.equal([]);
    });
  });
});
