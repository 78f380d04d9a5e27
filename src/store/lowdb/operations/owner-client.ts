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
 * and their durable bytes, and the release (closing the connection). If this
 * process dies, the connection closes and the owner goes on by itself.
 */
export async function holdOwnerFiles(
  dataFile: string,
): Promise<{ journal: { number: number; bytes: number }[]; release(): void }> {
  const socket = await askOwner(dataFile, 'backup');
  socket.setEncoding('utf8');
  let text = '';
  for (;;) {
    const [chunk] = (await Promise.race([once(socket, 'data'), once(socket, 'close').then(() => [undefined])])) as [
      string | undefined,
    ];
    if (chunk === undefined)
      throw new OwnerError(`the owner of ${dataFile} closed the connection before holding its files`);
    text += chunk;
    if (text.includes('\n')) break;
  }
  const answer = JSON.parse(text.slice(0, text.indexOf('\n'))) as {
    journal?: { number: number; bytes: number }[];
    error?: string;
  };
  if (!answer.journal) {
    socket.destroy();
    throw new OwnerError(`the owner of ${dataFile} refused the backup: ${answer.error ?? text}`);
  }
  return { journal: answer.journal, release: () => socket.destroy() };
}
