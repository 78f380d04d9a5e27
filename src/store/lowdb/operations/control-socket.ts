import { unlink } from 'node:fs/promises';
import { createServer, type Socket } from 'node:net';
import type { Logger } from 'pino';
import { CONTROL_SOCKET, type ControlSocketLimits } from '../lowdb-settings.js';
import { closed, IdleBound } from './idle-bound.js';
import { answerCommand, type OwnerAnswers } from './owner-commands.js';
import { listenPrivately } from './private-socket.js';

/** The socket beside the data file and its lock. */
export const socketOf = (dataFile: string) => `${dataFile}.sock`;

/** A Unix socket's address holds at most 107 bytes of path (108 with the NUL). */
const MOST_PATH_BYTES = 107;

/**
 * Listens on `<dataFile>.sock` (mode 0600 from its first moment: the data files' owner
 * only) for one command a connection, a JSON line: `{"command":"export"}` answers a line
 * `{"snapshot":"<RFC 3339>"}`, every record's dump line and `{"end":<records>}`;
 * `{"command":"backup"}` answers `{"journal":[{"number":…,"bytes":…},…],"idleMs":…}` and
 * holds checkpoints until the client sends `{"command":"release"}` (answered
 * `{"released":true}`) or the connection closes; meanwhile the client sends an empty line
 * at least every `idleMs`. Errors are a line `{"error":"…"}`. A client the owner waits on
 * for `limits.idleMs` with no byte moving is cut off, and past `limits.maxConnections` a
 * connection is refused with an error line. The caller holds the data file's lock, so a
 * socket file left by a dead owner is replaced. When the socket cannot be made (a path
 * too long), the store serves without it.
 */
export async function serveOwnerSocket(
  dataFile: string,
  answers: OwnerAnswers,
  logger?: Logger,
  limits: ControlSocketLimits = CONTROL_SOCKET,
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
    socket.on('error', () => {}); // a client that went away: its command stops
    if (connections.size >= limits.maxConnections) {
      const busy = `the owner answers ${limits.maxConnections} connections at once (CONTROL_SOCKET_MAX_CONNECTIONS); try again once one is done`;
      // Its command is read and dropped (so its write does not fail), and the line left for it to read.
      socket.setTimeout(limits.idleMs, () => socket.destroy()).resume();
      return void socket.end(errorLine(busy));
    }
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
    const idle = new IdleBound(socket, limits.idleMs, () => {
      const why = `nothing moved for ${limits.idleMs} ms while the owner waited on the client (CONTROL_SOCKET_IDLE_TIMEOUT)`;
      logger?.warn(`Closed a connection to ${path}: ${why}`);
      socket.write(errorLine(why)); // sent if the client's side has room for it
      socket.destroy();
    });
    void answerCommand(socket, answers, idle)
      .catch((error: unknown) => {
        if (!socket.destroyed) socket.end(errorLine((error as Error).message));
      })
      .then(() => idle.waitingOnClient(closed(socket))); // files held, or the answer's last bytes unread: still the client's turn
  });
  try {
    await listenPrivately(server, path, `${dataFile}.s`); // `${dataFile}.s/s` is a byte shorter than path
  } catch (error) {
    logger?.warn({ err: error }, `No export or backup while serving: cannot listen on ${path}`);
    return async () => {};
  }
  server.unref(); // it never keeps the process alive
  return async () => {
    for (const socket of connections) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
    await unlink(path).catch(() => {}); // renamed after it was bound: closing removes the name it was bound at, not this one
  };
}

const errorLine = (message: string) => `${JSON.stringify({ error: message })}\n`;
