// The parts of generated/client/ that openapi-generator does not make, from the same
// openapi.yaml and mocks/examples: typed problems per operation, type guards for the
// content tree's variants, MSW handlers, the package's package.json, and the runtime's parts
// written by hand (scripts/client/runtime/: retries, each call's options).
// `npm run generate` runs it after the generator; `make check-generated` too.
// Usage: tsx scripts/client/extras.ts [root]   (root defaults to the working directory)
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readContract } from '../../src/contract/declared-responses.js';
import { guardsFile } from './guards.js';
import { mswFile } from './msw.js';
import { packageJsonOf } from './package-json.js';
import { problemsFile } from './problems.js';

const root = resolve(process.argv[2] ?? '.');
const contract = readContract(root);
const folder = join(root, 'generated', 'client');
// mocks/examples by file name (without .json): the MSW handlers name each example body by its file.
const exampleFolder = join(root, 'mocks', 'examples');
const exampleFiles = new Map(
  readdirSync(exampleFolder)
    .filter((name) => name.endsWith('.json'))
    .map((name): [string, unknown] => [
      name.slice(0, -'.json'.length),
      (JSON.parse(readFileSync(join(exampleFolder, name), 'utf8')) as { value?: unknown }).value,
    ]),
);
mkdirSync(folder, { recursive: true });
const HEADER = `/* eslint-disable */\n/**\n * Generated from openapi.yaml (${contract.title} ${contract.version}) by scripts/client/extras.ts.\n * Do not edit: change openapi.yaml and run \`make generate\`.\n */\n`;

writeFileSync(join(folder, 'problems.ts'), HEADER + problemsFile(contract));
writeFileSync(join(folder, 'guards.ts'), HEADER + guardsFile(contract));
writeFileSync(join(folder, 'msw.ts'), HEADER + mswFile(contract, exampleFiles));
writeFileSync(join(folder, 'package.json'), packageJsonOf(contract));
// The client's own runtime (retries, each call's options), written by hand and type-checked in scripts/client/runtime/.
for (const name of readdirSync(join(import.meta.dirname, 'runtime'))) {
  const source = readFileSync(join(import.meta.dirname, 'runtime', name), 'utf8').replace(
    /^\/\/ Written by hand.*\n/,
    '',
  );
  writeFileSync(
    join(folder, name),
    `/* eslint-disable */\n/**\n * Copied from scripts/client/runtime/${name} by scripts/client/extras.ts.\n * Do not edit: change that file and run \`make generate\`.\n */\n${source}`,
  );
}
