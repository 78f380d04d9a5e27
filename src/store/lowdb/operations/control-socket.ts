import { once } from 'node:events';
import { chmod, unlink } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { answerCommand, type OwnerAnswers } from './owner-commands.js';

/** The socket beside the data file and its lock. */
export const socketOf = (dataFile: string) => `${dataFile}.sock`;

/** A Unix socket's address holds at most 107 bytes of path (108 with the NUL). */
const MOST_PATH_BYTES = 107;

/**
 * Listens on `<dataFile>.sock` (mode 0600: the data files' owner only) for one
 * command a connection, a JSON line: `{"command":"export"}` answers a line
 * `{"snapshot":"<RFC 3339>"}`, every record's dump line and `{"end":<records>}`;
 * `{"command":"backup"}` answers `{"journal":[{"number":…,"bytes":…},…]}` and holds
 * checkpoints until the connection closes. Errors are a line `{"error":"…"}`. The
 * caller holds the data file's lock, so a socket file left by a dead owner is removed.
 * When the socket cannot be made (a path too long), the store serves without it.
 */
export async function serveOwnerSocket(
  dataFile: string,
  answers: OwnerAnswers,
  logger?: Logger,
): Promise<() => Promise<void>> {
  const path = socketOf(dataFile);
  if (Buffer.byteLength(path) > MOST_PATH_BYTES) {
    logger?.warn(
      `No export or backup while serving: the socket path ${path} is longer than ${MOST_PATH_BYTES} bytes; use a shorter DATA_FILE path`,
    );
    return async () => {};
  }
  const connections = new Set<Socket>();
  const server = createServer((socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    socket.on('error', () => {}); // a client that went away: its command stops
    void answerCommand(socket, answers).catch((error: unknown) => {
      if (!socket.destroyed) socket.end(`${JSON.stringify({ error: (error as Error).message })}\n`);
    });
  });
  try {
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
    server.listen(path);
    await once(server, 'listening');
    await chmod(path, 0o600);
  } catch (error) {
    server.close();
    logger?.warn({ err: error }, `No export or backup while serving: cannot listen on ${path}`);
    return async () => {};
  }
  server.unref(); // it never keeps the process alive
  return async () => {
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  };
}
