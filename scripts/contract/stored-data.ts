// What a changed contract does to data already stored, which no diff tool can see: each stored value checked
// against its collection's response schema in the changed contract (the export's ajv check, src/dump/), and the
// ones it would reject counted per collection and told by field and value, with a few keys to look them up.
import type { ErrorObject } from 'ajv';
import type { OpenApiDocument } from '../../src/contract/spec.js';
import { contractValueCheck, type ReadBack } from '../../src/dump/record-check.js';
import { COLLECTIONS, partsOf, type StoredRecord } from '../../src/store/store.js';

/** The collections a GET reads back; idempotency keys keep answers already given, which no schema change rejects. */
const READ_BACK = COLLECTIONS.filter((collection): collection is ReadBack => collection !== 'idempotencyKeys');

/** Example keys shown for each finding: the first in key order. */
const EXAMPLES = 3;
/** A value is quoted when it is this short; else its length or type is told. */
const SHORT = 40;

const NOUNS: Record<ReadBack, [one: string, many: string]> = {
  streams: ['stream', 'streams'],
  notificationSettings: ['notification settings document', 'notification settings documents'],
  navigation: ['navigation preferences document', 'navigation preferences documents'],
  identitySettings: ['identity settings namespace', 'identity settings namespaces'],
  devices: ['device', 'devices'],
  drafts: ['cycle template draft', 'cycle template drafts'],
  readMarkers: ['read marker', 'read markers'],
};

interface Finding {
  collection: ReadBack;
  words: string;
  count: number;
  keys: string[];
}
export interface StoredDataReport {
  records: number;
  stored: Record<ReadBack, number>;
  rejected: Record<ReadBack, number>;
  findings: Finding[];
}

/** The stored records checked against `revision`; `base` (the last release) tells a value it newly rejects from one it never allowed. */
export async function checkStoredData(
  records: AsyncIterable<StoredRecord>,
  revision: OpenApiDocument,
  base?: OpenApiDocument,
): Promise<StoredDataReport> {
  const checkNew = contractValueCheck(revision);
  const checkBase = base && baseCheck(base);
  const zero = () => Object.fromEntries(READ_BACK.map((collection) => [collection, 0])) as Record<ReadBack, number>;
  const report: StoredDataReport = { records: 0, stored: zero(), rejected: zero(), findings: [] };
  const findings = new Map<string, Finding>();
  for await (const { collection, key, value } of records) {
    if (collection === 'idempotencyKeys') continue;
    report.records++;
    report.stored[collection]++;
    const error = checkNew(collection, value);
    if (!error) continue;
    report.rejected[collection]++;
    const words = wordsOf(error, value, checkBase !== undefined && checkBase(collection, value) === undefined);
    const finding = findings.get(`${collection}\n${words}`) ?? { collection, words, count: 0, keys: [] };
    finding.count++;
    finding.keys = [...finding.keys, partsOf(key).join(' / ')].sort().slice(0, EXAMPLES); // the first in key order, however the store reads
    findings.set(`${collection}\n${words}`, finding);
  }
  report.findings = [...findings.values()].sort((a, b) => b.count - a.count);
  return report;
}

/** The last release's check; none when its schemas cannot be compiled as the collections' (a schema renamed since). */
function baseCheck(base: OpenApiDocument): ReturnType<typeof contractValueCheck> | undefined {
  try {
    return contractValueCheck(base);
  } catch {
    return undefined;
  }
}

/** The report's lines for make contract-diff. */
export function reportLines(report: StoredDataReport): string[] {
  const lines: string[] = [];
  for (const collection of READ_BACK) {
    const [one, many] = NOUNS[collection];
    const stored = report.stored[collection];
    lines.push(
      `  ${collection}: ${report.rejected[collection]} of ${stored} stored ${stored === 1 ? one : many} rejected`,
    );
    for (const finding of report.findings.filter((candidate) => candidate.collection === collection)) {
      lines.push(
        `    ${finding.count} stored ${finding.count === 1 ? one : many} ${finding.count === 1 ? 'has' : 'have'} ${finding.words}` +
          ` (e.g. ${finding.keys.map((key) => `\`${key}\``).join(', ')})`,
      );
    }
  }
  const rejected = Object.values(report.rejected).reduce((sum, count) => sum + count, 0);
  lines.push(
    `  In all: ${rejected} of ${report.records} stored records would be rejected by the changed contract's response schemas.`,
  );
  return lines;
}

/** What ajv found, in words: the field, its value where it is short, and what the new contract says. */
function wordsOf(error: ErrorObject, value: unknown, baseAccepted: boolean): string {
  const params = error.params as Record<string, unknown>;
  const at = (pointer: string) =>
    pointer
      .split('/')
      .slice(1)
      .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  const path = at(error.instancePath);
  const field =
    path
      .map((part) => (/^\d+$/.test(part) ? '[]' : `.${part}`))
      .join('')
      .replace(/^\./, '') || 'the value';
  const found = path.reduce<unknown>(
    (node, part) => (node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
    value,
  );
  const shown = shownValue(found);
  const contract = baseAccepted ? 'the new contract' : 'the new contract (nor the last release)';
  switch (error.keyword) {
    case 'enum':
      return (
        `${field} ${shown}, which ${contract} ${baseAccepted ? 'removes' : 'does not allow'}` +
        ` (allowed: ${(params.allowedValues as unknown[]).map((allowed) => `\`${String(allowed)}\``).join(', ')})`
      );
    case 'required':
      return `no ${field === 'the value' ? '' : `${field}.`}${String(params.missingProperty)}, which ${contract} requires`;
    case 'additionalProperties':
      return `${field === 'the value' ? '' : `${field}.`}${String(params.additionalProperty)}, which ${contract} does not allow`;
    case 'maxLength':
    case 'minLength':
      return `${field} ${error.keyword === 'maxLength' ? 'longer' : 'shorter'} than ${String(params.limit)} characters, which ${contract} ${baseAccepted ? 'no longer allows' : 'does not allow'}`;
    default:
      return `${field} ${shown}, which ${contract} rejects: ${error.message ?? error.keyword}`;
  }
}

function shownValue(found: unknown): string {
  if (typeof found === 'string')
    return found.length <= SHORT ? `\`${found}\`` : `(a string of ${[...found].length} characters)`;
  if (typeof found === 'number' || typeof found === 'boolean' || found === null) return `\`${String(found)}\``;
  return Array.isArray(found) ? `(a list of ${found.length})` : '(an object)';
}
