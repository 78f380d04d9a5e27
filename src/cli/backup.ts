// npm run backup -- <folder> (make backup DIR=<folder>): a file-level backup of the store the
// environment names, safe while the service serves. lowdb: its files, copied while the service
// holds its checkpoints (src/store/lowdb/operations/backup.ts); PostgreSQL: pg_dump --format=custom.
import { resolve } from 'node:path';
import { backupLowdb } from '../store/lowdb/operations/backup.js';
import { backupPostgres } from '../store/postgres/pg-dump.js';
import { oneArgumentOrExit, refuse, storeConfigOrExit, timing } from './command.js';
import { describeStore } from './store-sides.js';

const folder = oneArgumentOrExit('npm run backup -- <new folder>   (make backup DIR=<new folder>)');
const config = storeConfigOrExit('Backup');
const started = performance.now();
const into = resolve(folder);
const fail = (error: unknown) => refuse('Backup', `${describeStore(config)}: ${(error as Error).message}`);
if (config.databaseUrl !== undefined) {
  const { file, bytes } = await backupPostgres(config.databaseUrl, into).catch(fail);
  console.log(
    `Backed up ${describeStore(config)} with pg_dump to ${file} (${bytes} bytes, ${timing(started)}); restore: pg_restore --dbname=<empty database> --no-owner ${file}`,
  );
} else {
  const { files, bytes, how } = await backupLowdb(config.dataFile, into).catch(fail);
  console.log(
    `Backed up ${describeStore(config)} ${how}: ${files} files, ${bytes} bytes in ${into} (${timing(started)}); ` +
      'restore: stop the service, put both back in place of DATA_FILE and its .d folder, start it',
  );
}
