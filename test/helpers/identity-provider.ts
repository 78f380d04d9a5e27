import { once } from 'node:events';
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK, type JWTPayload } from 'jose';

/** A signing key of the provider: its private half signs, its public half is published (or not). */
export interface ProviderKey {
  kid: string;
  alg: string;
  privateKey: CryptoKey;
  jwk: JWK;
}

/** How the provider answers: serves its keys, answers 503, or never answers. */
export type ProviderMode = 'up' | 'failing' | 'hanging';

/**
 * A small identity provider on a real port: its key set at /jwks (keys made here with jose,
 * published and withdrawn as a test rotates them) and an OpenID Connect discovery document.
 */
export class IdentityProvider {
  readonly published: ProviderKey[] = [];
  mode: ProviderMode = 'up';
  /** Requests for the key set, answered or not. */
  fetches = 0;
  private server: Server | undefined;
  private url = '';
  /** The issuer the discovery document names (another one, to test the check). */
  discoveredIssuer: string | undefined;
  /** Pads the key set's body (a `pad` member) to exactly this many bytes, as a provider's large set would be. */
  padTo: number | undefined;
  /** Sends the key set without Content-Length (chunked), so only its bytes tell its size. */
  chunked = false;
  /** Answers for the key set the client stopped reading before their end. */
  cut = 0;

  get jwksUrl(): string {
    return `${this.url}/jwks`;
  }

  get issuer(): string {
    return `${this.url}/realm`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      if (req.url === '/jwks') this.fetches++;
      if (this.mode === 'hanging') return; // never answers: the service's timeout ends the wait
      if (this.mode === 'failing') return void res.writeHead(503).end();
      const body =
        req.url === '/jwks'
          ? { keys: this.published.map((key) => key.jwk) }
          : req.url === '/realm/.well-known/openid-configuration'
            ? { issuer: this.discoveredIssuer ?? this.issuer, jwks_uri: this.jwksUrl }
            : undefined;
      if (!body) return void res.writeHead(404).end();
      const text = req.url === '/jwks' ? this.padded(body) : JSON.stringify(body);
      res.once('close', () => {
        if (!res.writableFinished) this.cut++;
      });
      const length = this.chunked ? {} : { 'content-length': Buffer.byteLength(text) };
      res.writeHead(200, { 'content-type': 'application/json', ...length });
      void writeInPieces(res, text);
    });
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** The key set's text, padded to `padTo` bytes when set. */
  private padded(body: object): string {
    const text = JSON.stringify(body);
    if (this.padTo === undefined) return text;
    const pad = this.padTo - Buffer.byteLength(text) - ',"pad":""'.length;
    if (pad < 0) throw new Error(`the key set takes ${Buffer.byteLength(text)} bytes, more than ${this.padTo}`);
    return `${text.slice(0, -1)},"pad":"${'x'.repeat(pad)}"}`;
  }

  /** Stops answering at all: connections are refused. */
  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** Makes a key and publishes it (unless `publish` is false). */
  async newKey(alg = 'RS256', publish = true): Promise<ProviderKey> {
    const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
    const kid = `${alg.toLowerCase()}-${Math.random().toString(36).slice(2, 10)}`;
    const key = { kid, alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' } };
    if (publish) this.published.push(key);
    return key;
  }

  withdraw(key: ProviderKey): void {
    this.published.splice(this.published.indexOf(key), 1);
  }

  /** A token signed with `key`, for ten minutes unless the claims say otherwise. */
  async token(key: ProviderKey, claims: JWTPayload = {}, header: { kid?: string } = {}): Promise<string> {
    const jwt = new SignJWT({ sub: 'alice', ...claims })
      .setProtectedHeader({ alg: key.alg, kid: key.kid, ...header })
      .setIssuedAt();
    if (claims.exp === undefined) jwt.setExpirationTime('10m');
    return jwt.sign(key.privateKey);
  }
}

/** Writes `text` 64 KiB at a time, waiting for each to drain, and stops when the client goes: a large body is never queued whole. */
async function writeInPieces(res: ServerResponse, text: string): Promise<void> {
  const bytes = Buffer.from(text);
  for (let at = 0; at < bytes.length && !res.destroyed; at += 65_536) {
    if (res.write(bytes.subarray(at, at + 65_536))) continue;
    await new Promise<void>((resolve) => {
      const done = () => {
        res.off('drain', done).off('close', done);
        resolve();
      };
      res.on('drain', done).on('close', done);
    });
  }
  res.end();
}
