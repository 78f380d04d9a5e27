// The typed client in generated/client/, from openapi.yaml and mocks/examples: the types by
// openapi-typescript (schema.ts), type guards for the content tree's variants, MSW handlers,
// the package's package.json, and the client's own code written by hand (scripts/client/runtime/:
// createCollabClient on openapi-fetch, retries, ETags, paging, problems), copied.
// `npm run generate` runs it after openapi-generator (the server's types); `make check-generated` too.
// Usage: tsx scripts/client/extras.ts [root]   (root defaults to the working directory)
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { readContract } from '../../src/contract/declared-responses.js';
import { guardsFile } from './guards.js';
import { mswFile } from './msw.js';
import { packageJsonOf } from './package-json.js';
import { schemaFile } from './schema.js';

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
rmSync(folder, { recursive: true, force: true });
mkdirSync(folder, { recursive: true });
const header = (by: string) =>
  `/* eslint-disable */\n/**\n * Generated from openapi.yaml (${contract.title} ${contract.version}) ${by}.\n * Do not edit: change openapi.yaml or scripts/client/ and run \`make generate\`.\n */\n`;

const generated = header('by scripts/client/extras.ts');
writeFileSync(
  join(folder, 'schema.ts'),
  header('by openapi-typescript') + (await schemaFile(join(root, 'openapi.yaml'))),
);
writeFileSync(join(folder, 'guards.ts'), generated + guardsFile(contract));
writeFileSync(join(folder, 'msw.ts'), generated + mswFile(contract, exampleFiles));
writeFileSync(join(folder, 'package.json'), packageJsonOf(contract));
// The client's own code, written by hand and type-checked in scripts/client/runtime/, importing the generated files beside it.
for (const name of readdirSync(join(import.meta.dirname, 'runtime'))) {
  const source = readFileSync(join(import.meta.dirname, 'runtime', name), 'utf8')
    .replace(/^\/\/ Written by hand.*\n/, '')
    .replaceAll('../../../generated/client/', './');
  writeFileSync(
    join(folder, name),
    `/* eslint-disable */\n/**\n * Copied from scripts/client/runtime/${name} by scripts/client/extras.ts.\n * Do not edit: change that file and run \`make generate\`.\n */\n${source}`,
  );
}
