import { Client, type ClientConfig } from 'pg';
import type { Connection } from './connection.js';
import { refusedForEncryption } from './tls.js';

/**
 * A connected client, and the connection as it connected: libpq's `prefer` and `allow` try the other way
 * (without TLS, with it) when the first is refused for its encryption, and the returned connection keeps
 * the way that worked, for the pool.
 */
export async function connectClient(
  connection: Connection,
  config: Omit<ClientConfig, 'connectionString' | 'ssl'>,
): Promise<{ client: Client; connection: Connection }> {
  const attempt = async (ssl: Connection['tls']['ssl']) => {
    const client = new Client({ ...config, connectionString: connection.connectionString, ssl });
    client.on('error', () => {}); // reported to the query that was running
    try {
      await client.connect();
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  };
  const { tls } = connection;
  try {
    return { client: await attempt(tls.ssl), connection };
  } catch (error) {
    if (tls.fallback === undefined || !refusedForEncryption(error)) throw error;
    const client = await attempt(tls.fallback);
    return { client, connection: { ...connection, tls: { ...tls, ssl: tls.fallback } } };
  }
}
