// npm run examples -- <recording> (make examples FROM=<recording>): proposes named examples from real answers: the
// first JSON answer of each operation and status that the contract allows, as <operationId>-<status>.json in the
// mocks/examples format ({ summary, value }, secrets already redacted), in EXAMPLES_DIR (default
// recordings/proposed-examples/). A reviewer keeps one by moving it to mocks/examples/ and naming it in openapi.yaml.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { operationFinder } from '../contract/response-check.js';
import { loadSpec } from '../contract/spec.js';
import { refuse } from './command.js';
import { readRecording } from './recording.js';

const {
  positionals: [from, ...extra],
} = parseArgs({ allowPositionals: true, options: {} });
if (from === undefined || extra.length) {
  console.error('Usage: npm run examples -- <recording>   (make examples FROM=<recording>)');
  process.exit(2);
}
const exchanges = (() => {
  try {
    return readRecording(from);
  } catch (error) {
    return refuse('Examples', (error as Error).message);
  }
})();
const operationOf = operationFinder(loadSpec());
const folder = process.env.EXAMPLES_DIR || join('recordings', 'proposed-examples');
mkdirSync(folder, { recursive: true });
const proposed = new Set<string>();
for (const { request, response, violations } of exchanges) {
  const operationId = operationOf(request.method, request.path)?.operation?.operationId;
  if (
    typeof operationId !== 'string' ||
    violations?.length ||
    typeof response.body !== 'object' ||
    response.body === null
  )
    continue;
  const name = `${operationId}-${response.status}`;
  if (proposed.has(name)) continue;
  proposed.add(name);
  const example = {
    summary: `Recorded: ${request.method} ${request.path} answered ${response.status}`,
    value: response.body,
  };
  writeFileSync(join(folder, `${name}.json`), `${JSON.stringify(example, null, 2)}\n`);
  console.log(join(folder, `${name}.json`));
}
console.log(
  `${proposed.size} examples proposed from ${exchanges.length} exchanges in ${from}: keep one by moving it to mocks/examples/ and naming it in openapi.yaml's examples`,
);
