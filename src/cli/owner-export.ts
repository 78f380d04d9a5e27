import { DumpWriter, type DumpSummary } from '../dump/dump-writer.js';
import { askOwner, linesFrom, OwnerError } from '../store/lowdb/operations/owner-client.js';
import { COLLECTIONS, type Collection } from '../store/store.js';

// The export's lowdb side while a service owns the data file: the owner sends its snapshot over its
// socket (src/store/lowdb/operations/control-socket.ts), and this process writes it as the dump.

/**
 * Has the process that owns `dataFile` take a snapshot and writes it as the dump at
 * `path`. The owner takes it when asked: every change it acknowledged before is in it.
 */
export async function exportFromOwner(dataFile: string, path: string): Promise<DumpSummary> {
  const socket = await askOwner(dataFile, 'export');
  let writer: DumpWriter | undefined;
  try {
    let expected: number | undefined;
    for await (const line of linesFrom(socket)) {
      if (!writer) {
        const first = JSON.parse(line) as { snapshot?: string; error?: string };
        if (first.snapshot === undefined)
          throw new OwnerError(`the owner of ${dataFile} refused the export: ${first.error ?? line}`);
        writer = await DumpWriter.create(path, new Date(first.snapshot), 'lowdb');
      } else if (line.startsWith('{"collection":"')) {
        await writer.add(collectionOf(line), line);
      } else {
        const last = JSON.parse(line) as { end?: number; error?: string };
        if (last.end === undefined)
          throw new OwnerError(`the owner of ${dataFile} failed during the export: ${last.error ?? line}`);
        expected = last.end;
      }
    }
    if (!writer || expected === undefined)
      throw new OwnerError(`the owner of ${dataFile} stopped during the export (did the service stop?)`);
    const summary = await writer.finish();
    if (summary.records !== expected)
      throw new OwnerError(`the owner of ${dataFile} sent ${summary.records} records but said ${expected}`);
    return summary;
  } catch (error) {
    await writer?.abandon();
    throw error;
  } finally {
    socket.destroy();
  }
}

function collectionOf(line: string): Collection {
  const name = line.slice('{"collection":"'.length, line.indexOf('"', '{"collection":"'.length));
  if (!COLLECTIONS.includes(name as Collection))
    throw new OwnerError(`the owner sent a record of an unknown collection (${name})`);
  return name as Collection;
}
