import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { DumpWriter, type DumpSummary } from '../dump/dump-writer.js';
import { COLLECTIONS, type Collection } from '../store.js';
import { socketOf } from './control-socket.js';

/** The live owner of a data file did not answer as it should; the message is for the operator. */
export class OwnerError extends Error {}

/** Connects to the owner's socket and sends `command`. */
async function ask(dataFile: string, command: string): Promise<Socket> {
  const socket = connect(socketOf(dataFile));
  try {
    await once(socket, 'connect');
  } catch (error) {
    socket.destroy();
    throw new OwnerError(`a live process owns ${dataFile} but does not answer on ${socketOf(dataFile)} (${(error as NodeJS.ErrnoException).code ?? String(error)}): ` +
      'a build without exports while serving, or a data path too long for a socket; stop the service and run this again');
  }
  socket.write(`${JSON.stringify({ command })}\n`);
  return socket;
}

/** The socket's lines, as they come; the last is whatever followed the last newline. */
async function* linesFrom(socket: Socket): AsyncGenerator<string> {
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
 * Has the process that owns `dataFile` take a snapshot and writes it as the dump at
 * `path`. The owner takes it when asked: every change it acknowledged before is in it.
 */
export async function exportFromOwner(dataFile: string, path: string): Promise<DumpSummary> {
  const socket = await ask(dataFile, 'export');
  let writer: DumpWriter | undefined;
  try {
    let expected: number | undefined;
    for await (const line of linesFrom(socket)) {
      if (!writer) {
        const first = JSON.parse(line) as { snapshot?: string; error?: string };
        if (first.snapshot === undefined) throw new OwnerError(`the owner of ${dataFile} refused the export: ${first.error ?? line}`);
        writer = await DumpWriter.create(path, new Date(first.snapshot), 'lowdb');
      } else if (line.startsWith('{"collection":"')) {
        await writer.add(collectionOf(line), line);
      } else {
        const last = JSON.parse(line) as { end?: number; error?: string };
        if (last.end === undefined) throw new OwnerError(`the owner of ${dataFile} failed during the export: ${last.error ?? line}`);
        expected = last.end;
      }
    }
    if (!writer || expected === undefined) throw new OwnerError(`the owner of ${dataFile} stopped during the export (did the service stop?)`);
    const summary = await writer.finish();
    if (summary.records !== expected) throw new OwnerError(`the owner of ${dataFile} sent ${summary.records} records but said ${expected}`);
    return summary;
  } catch (error) {
    await writer?.abandon();
    throw error;
  } finally {
    socket.destroy();
  }
}

/**
 * Has the owner of `dataFile` hold its checkpoints; resolves to the journal files
 * and their durable bytes, and the release (closing the connection). If this
 * process dies, the connection closes and the owner goes on by itself.
 */
export async function holdOwnerFiles(dataFile: string): Promise<{ journal: { number: number; bytes: number }[]; release(): void }> {
  const socket = await ask(dataFile, 'backup');
  socket.setEncoding('utf8');
  let text = '';
  for (;;) {
    const [chunk] = (await Promise.race([once(socket, 'data'), once(socket, 'close').then(() => [undefined])])) as [string | undefined];
    if (chunk === undefined) throw new OwnerError(`the owner of ${dataFile} closed the connection before holding its files`);
    text += chunk;
    if (text.includes('\n')) break;
  }
  const answer = JSON.parse(text.slice(0, text.indexOf('\n'))) as { journal?: { number: number; bytes: number }[]; error?: string };
  if (!answer.journal) {
    socket.destroy();
    throw new OwnerError(`the owner of ${dataFile} refused the backup: ${answer.error ?? text}`);
  }
  return { journal: answer.journal, release: () => socket.destroy() };
}

function collectionOf(line: string): Collection {
  const name = line.slice('{"collection":"'.length, line.indexOf('"', '{"collection":"'.length));
  if (!COLLECTIONS.includes(name as Collection)) throw new OwnerError(`the owner sent a record of an unknown collection (${name})`);
  return name as Collection;
}
