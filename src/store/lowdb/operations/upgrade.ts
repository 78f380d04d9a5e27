import type { Logger } from 'pino';
import { DATA_FORMAT_VERSION, dataFormatOf, FORMAT_NAMES } from '../engine/data-format.js';
import { writeDurably } from '../engine/durable-json-file.js';
import { manifestText } from '../engine/manifest.js';

/**
 * Brings the lowdb files at `dataFile` to the current data format, before the store loads them; the caller holds
 * the lock. v3 (what the contract's first release wrote) is v4 without idempotency keys, so only its manifest is
 * rewritten, atomically. Earlier formats are refused by dataFormatOf, naming the build that upgrades them.
 */
export async function upgradeDataFiles(dataFile: string, logger?: Logger): Promise<void> {
  const format = await dataFormatOf(dataFile);
  if (format?.version === DATA_FORMAT_VERSION && format.newer !== undefined)
    logger?.warn(
      `${dataFile} is ${format.newer}, newer than this build knows (${FORMAT_NAMES[DATA_FORMAT_VERSION]}); its manifest says builds of version ${DATA_FORMAT_VERSION} use it correctly (compatibleFrom), so this build runs on it`,
    );
  if (format === undefined || format.version === DATA_FORMAT_VERSION) return;
  await writeDurably(dataFile, (file) => file.writeFile(manifestText(format.shards)));
  logger?.info(
    `Upgraded ${dataFile} from ${FORMAT_NAMES[format.version]} to ${FORMAT_NAMES[DATA_FORMAT_VERSION]}; ` +
      `builds before ${FORMAT_NAMES[DATA_FORMAT_VERSION]} refuse it now`,
  );
}
