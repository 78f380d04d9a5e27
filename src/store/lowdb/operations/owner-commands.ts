import type { Socket } from 'node:net';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { recordLine } from '../../records.js';
import type { StoredRecord } from '../../store.js';
import type { IdleBound } from './idle-bound.js';

// The commands the owner of a lowdb store answers on its control socket (control-socket.ts): export and backup.

/**
 * What the owner of a lowdb store answers on `<DATA_FILE>.sock`, so that an export
 * or a backup run while a service serves reaches a consistent state without
 * stopping it: only the owner knows which changes are durable.
 */
export interface OwnerAnswers {
  /** A snapshot of every record (see Store.records). */
  records(): AsyncIterable<StoredRecord>;
  /**
   * Holds checkpoints off (once one under way is over) and says which journal files,
   * up to which byte, hold every durable change; the shard files do not change
   * until `release`.
   */
  holdFiles(): Promise<{ journal: { number: number; bytes: number }[]; release(): void }>;
}

/** The command line a client sends first. */
const MOST_COMMAND_BYTES = 1024;
/** Record lines gathered before one write to the socket. */
const CHUNK_CHARS = 256 * 1024;

/** Answers the one command of a connection (see serveOwnerSocket in control-socket.ts); `idle` times the client's turns. */
export async function answerCommand(socket: Socket, answers: OwnerAnswers, idle: IdleBound): Promise<void> {
  const command = await idle.waitingOnClient(firstLine(socket));
  if (command === 'export') return exportTo(socket, answers.records(), idle);
  if (command === 'backup') return holdFor(socket, answers, idle);
  throw new Error(`unknown command ${JSON.stringify(command)}: export or backup`);
}

/** The `command` of the first line a client sends; the socket is paused after it. */
function firstLine(socket: Socket): Promise<unknown> {
  return new Promise((resolve, reject) => {
    let text = '';
    const stop = () => {
      socket.off('data', take);
      socket.off('end', missing);
      socket.off('close', missing);
      socket.pause();
    };
    const missing = () => {
      stop();
      reject(new Error('no command line'));
    };
    const take = (chunk: Buffer) => {
      text += String(chunk);
      const end = text.indexOf('\n');
      if (end === -1) {
        if (text.length > MOST_COMMAND_BYTES) missing();
        return;
      }
      stop();
      try {
        resolve((JSON.parse(text.slice(0, end)) as { command?: unknown }).command);
      } catch (error) {
        reject(error as Error);
      }
    };
    socket.on('data', take);
    socket.once('end', missing);
    socket.once('close', missing); // cut off while idle
  });
}

async function exportTo(socket: Socket, records: AsyncIterable<StoredRecord>, idle: IdleBound): Promise<void> {
  const iterator = records[Symbol.asyncIterator]();
  const takenAt = new Date();
  let next = await iterator.next(); // the snapshot starts in this step
  socket.write(`${JSON.stringify({ snapshot: takenAt.toISOString() })}\n`);
  let count = 0;
  let chunk = '';
  try {
    for (; !next.done; next = await iterator.next()) {
      chunk += `${recordLine(next.value)}\n`;
      count++;
      if (chunk.length < CHUNK_CHARS) continue;
      if (socket.destroyed) return;
      // Other work gets a turn after each chunk, whether or not the client keeps up.
      if (socket.write(chunk)) await nextTurn();
      else await idle.waitingOnClient(drainedOrClosed(socket)); // a client that stops reading holds the snapshot
      chunk = '';
    }
    socket.end(`${chunk}${JSON.stringify({ end: count })}\n`);
  } finally {
    await iterator.return?.();
  }
}

/** Holds the files until the client says `release` (acknowledged) or goes; it sends an empty line at least every `idle.ms` meanwhile. */
async function holdFor(socket: Socket, answers: OwnerAnswers, idle: IdleBound): Promise<void> {
  const { journal, release } = await answers.holdFiles(); // the owner's work: a checkpoint under way ends first
  if (socket.destroyed) return release();
  socket.once('close', release);
  socket.write(`${JSON.stringify({ journal, idleMs: idle.ms })}\n`);
  let partial = '';
  socket.on('data', (chunk: Buffer) => {
    const lines = (partial + String(chunk)).split('\n');
    partial = lines.pop() ?? '';
    if (partial.length > MOST_COMMAND_BYTES) return void socket.destroy();
    // Acknowledged while still held: the client's copy was taken with the files held throughout.
    if (lines.some(isRelease)) socket.end(`${JSON.stringify({ released: true })}\n`);
  });
  socket.resume(); // answerCommand's caller times the client until it closes
}

function isRelease(line: string): boolean {
  try {
    return (JSON.parse(line) as { command?: unknown } | null)?.command === 'release';
  } catch {
    return false; // a heartbeat (an empty line), or noise
  }
}

function drainedOrClosed(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      socket.off('drain', done);
      socket.off('close', done);
      resolve();
    };
    socket.once('drain', done);
    socket.once('close', done);
  });
}
