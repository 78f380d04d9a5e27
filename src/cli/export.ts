// npm run export -- <file> (make export FILE=<file>): every record of the store the environment
// names (DATABASE_URL, else DATA_FILE, as for the service) as one consistent snapshot, written to
// <file> as a dump (src/dump/dump-format.ts). Safe while the service serves.
import { resolve } from 'node:path';
import { oneArgumentOrExit, rateOf, refuse, storeConfigOrExit } from './command.js';
import { describeStore, exportStore } from './store-sides.js';

const file = oneArgumentOrExit('npm run export -- <file>   (make export FILE=<file>)');
const config = storeConfigOrExit('Export');
const started = performance.now();
const exported = await exportStore(config, resolve(file)).catch((error: unknown) =>
  refuse('Export', `${describeStore(config)}: ${(error as Error).message}`),
);
console.log(
  `Exported ${exported.summary.records} records of ${describeStore(config)} ${exported.how} to ${file} ` +
    `(${rateOf(exported.summary.records, started)}); sha256 ${exported.summary.sha256}`,
);
