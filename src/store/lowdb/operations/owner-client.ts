import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { socketOf } from './control-socket.js';

/** The live owner of a data file did not answer as it should; the message is for the operator. */
export class OwnerError extends Error {}

/** Connects to the owner's socket and sends `command`. */
export async function askOwner(dataFile: string, command: string): Promise<Socket> {
  const socket = connect(socketOf(dataFile));
  try {
    await once(socket, 'connect');
  } catch (error) {
    socket.destroy();
    throw new OwnerError(
      `a live process owns ${dataFile} but does not answer on ${socketOf(dataFile)} (${(error as NodeJS.ErrnoException).code ?? String(error)}): ` +
        'a build without exports while serving, or a data path too long for a socket; stop the service and run this again',
    );
  }
  socket.write(`${JSON.stringify({ command })}\n`);
  return socket;
}

/** The socket's lines, as they come; the last is whatever followed the last newline. */
export async function* linesFrom(socket: Socket): AsyncGenerator<string> {
  socket.setEncoding('utf8');
  let rest = '';
  for await (const chunk of socket as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  if (rest !== '') yield rest;
}

/**
 * Has the owner of `dataFile` hold its checkpoints; resolves to the journal files
 * and their durable bytes, and the release. Meanwhile an empty line goes to the owner
 * every quarter of its idle bound, and the release asks it to acknowledge that it still
 * held them: a hold it let go of before (this process stalled past the bound, the
 * service stopped) fails the release, since the copy may then mix two moments. If this
 * process dies, the connection closes and the owner goes on by itself.
 */
export async function holdOwnerFiles(
  dataFile: string,
): Promise<{ journal: { number: number; bytes: number }[]; release(): Promise<void> }> {
  const socket = await askOwner(dataFile, 'backup');
  socket.on('error', () => {}); // the owner gone: the release says so
  const gone = new Promise((resolve) => socket.once('close', resolve));
  socket.setEncoding('utf8');
  let text = '';
  const take = (chunk: string) => {
    text += chunk;
  };
  socket.on('data', take);
  while (!text.includes('\n')) {
    if ((await Promise.race([once(socket, 'data'), gone.then(() => 'gone')])) === 'gone')
      throw new OwnerError(`the owner of ${dataFile} closed the connection before holding its files`);
  }
  const answer = JSON.parse(text.slice(0, text.indexOf('\n'))) as {
    journal?: { number: number; bytes: number }[];
    idleMs?: number;
    error?: string;
  };
  if (!answer.journal) {
    socket.destroy();
    throw new OwnerError(`the owner of ${dataFile} refused the backup: ${answer.error ?? text}`);
  }
  // An owner of an earlier build bounds no idle time and acknowledges nothing: it holds until the connection closes.
  if (answer.idleMs === undefined) return { journal: answer.journal, release: async () => void socket.destroy() };
  const beat = setInterval(() => socket.write('\n'), Math.max(1, Math.floor(answer.idleMs / 4))).unref();
  return {
    journal: answer.journal,
    async release() {
      clearInterval(beat);
      socket.write(`${JSON.stringify({ command: 'release' })}\n`);
      await gone; // the owner ends the connection once it has answered
      if (!text.includes('"released":true'))
        throw new OwnerError(
          `the owner of ${dataFile} let go of its files before the copy was done (did this process stall for ${answer.idleMs} ms, or the service stop?): the copy may mix two moments; run the backup again`,
        );
    },
  };
}
