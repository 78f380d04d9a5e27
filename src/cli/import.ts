// npm run import -- <file> [--merge=dump|store] (make import FILE=<file> [MERGE=dump|store]): loads a
// dump into the store the environment names (DATABASE_URL, else DATA_FILE). The whole dump is checked
// first; a damaged or foreign one is refused and nothing is written. See importDump for what --merge does.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { rateOf, refuse, storeConfigOrExit } from './command.js';
import { DumpError, verifyDump } from '../dump/dump-reader.js';
import { importDump, ImportRefused, type Winner } from '../dump/import-dump.js';
import { contractRecordCheck } from '../dump/record-check.js';
import { describeStore, importTarget } from './store-sides.js';

const { positionals, values } = parseArgs({ allowPositionals: true, options: { merge: { type: 'string' } } });
const [file] = positionals;
const merge = values.merge;
if (file === undefined || positionals.length > 1 || (merge !== undefined && merge !== 'dump' && merge !== 'store')) {
  console.error(
    'Usage: npm run import -- <file> [--merge=dump|store]   (make import FILE=<file> [MERGE=dump|store]); the store is DATABASE_URL, else DATA_FILE',
  );
  process.exit(2);
}
const config = storeConfigOrExit('Import');
const where = describeStore(config);
const started = performance.now();
const path = resolve(file);
const verified = await verifyDump(path, contractRecordCheck()).catch((error: unknown) =>
  refuse('Import', error instanceof DumpError ? `${error.message}; nothing was written` : (error as Error).message),
);
const target = await importTarget(config).catch((error: unknown) =>
  refuse('Import', `${where}: ${(error as Error).message}`),
);
let imported: Awaited<ReturnType<typeof importDump>>;
try {
  imported = await importDump(path, target, merge as Winner | undefined);
} catch (error) {
  await target.abandon();
  refuse(
    'Import',
    `${where}: ${(error as Error).message}${error instanceof ImportRefused ? '; nothing was written' : ''}`,
  );
}
await target
  .commit()
  .catch((error: unknown) =>
    refuse('Import', `${where}: the import could not be made final: ${(error as Error).message}`),
  );
const { difference, written } = imported;
console.log(
  `Imported ${file} (${verified.trailer.records} records, ${verified.header.source} of ${verified.header.createdAt}) into ${where}: ` +
    `${written} written, ${difference.same} already there${difference.onlyInStore > 0 ? `, ${difference.onlyInStore} only in the store kept` : ''}` +
    `${merge === 'store' && difference.differ > 0 ? `, ${difference.differ} kept as the store had them` : ''} (${rateOf(verified.trailer.records, started)})`,
);
