import { dirname } from 'node:path';
import { expect } from 'chai';
import { ESLint } from 'eslint';
import { specPath } from '../../src/contract/spec.js';

const root = dirname(specPath);
const RULE = 'boundaries/dependencies';

/** Imports that break the layering of src/ (ROOMS in eslint.config.js), each from a file in the room that must not make it. */
const BREAKS: [name: string, file: string, source: string][] = [
  ['lib imports observability', 'src/lib/probe.ts', '../observability/logger.js'],
  ['observability imports the store', 'src/observability/probe.ts', '../store/store.js'],
  ['the store imports config', 'src/store/probe.ts', '../config/load-config.js'],
  ['config imports the contract', 'src/config/probe.ts', '../contract/spec.js'],
  ['the contract imports errors', 'src/contract/probe.ts', '../errors/problem.js'],
  ['errors import the edge', 'src/errors/probe.ts', '../edge/caller.js'],
  ['the edge imports a feature', 'src/edge/probe.ts', '../features/streams/streams.js'],
  ['the edge imports the dump format', 'src/edge/probe.ts', '../dump/dump-format.js'],
  ['a feature imports the app', 'src/features/streams/probe.ts', '../../app.js'],
  ['the app imports the server', 'src/api.ts', './server.js'],
  ['a store imports the dump format', 'src/store/memory/probe.ts', '../../dump/dump-format.js'],
  ['the dump format imports a command', 'src/dump/probe.ts', '../cli/command.js'],
  ['a feature imports the API reference', 'src/features/streams/probe.ts', '../../reference/docs-routes.js'],
  ['the sandbox imports a command', 'src/sandbox/probe.ts', '../cli/command.js'],
  ['a feature imports another feature', 'src/features/streams/probe.ts', '../devices/devices.js'],
  ['a store imports another store', 'src/store/postgres/probe.ts', '../lowdb/engine/folder.js'],
  ['the lowdb engine imports a lowdb operation', 'src/store/lowdb/engine/probe.ts', '../operations/lock.js'],
];

/** Imports the layering allows: downward, within a room, to what features or stores share, and to generated/. */
const ALLOWED: [name: string, file: string, source: string][] = [
  ['the server imports the app', 'src/server.ts', './app.js'],
  ['the app imports a feature', 'src/api.ts', './features/streams/handler.js'],
  ['a feature imports its own logic', 'src/features/streams/probe.ts', './streams.js'],
  ['a feature imports what features share', 'src/features/streams/probe.ts', '../shared/paging.js'],
  ['a feature imports the errors', 'src/features/streams/probe.ts', '../../errors/problem.js'],
  ['the edge imports the errors', 'src/edge/probe.ts', '../errors/problem.js'],
  ['the contract imports lib', 'src/contract/probe.ts', '../lib/json.js'],
  ['a store imports what the stores share', 'src/store/postgres/probe.ts', '../files/folders.js'],
  ['a lowdb operation imports the engine', 'src/store/lowdb/operations/probe.ts', '../engine/journal.js'],
  ['a command imports the dump format', 'src/cli/probe.ts', '../dump/dump-reader.js'],
  ['lib imports generated/', 'src/lib/probe.ts', '../../generated/index.js'],
];

/** The rule ids eslint reports for a file holding one import of `source`, linted with the project's eslint.config.js. */
async function ruleIdsFor(eslint: ESLint, file: string, source: string, kind = ''): Promise<string[]> {
  const [result] = await eslint.lintText(`import ${kind}* as imported from '${source}';\nexport { imported };\n`, {
    filePath: `${root}/${file}`,
  });
  return result!.messages.map((message) => message.ruleId ?? message.message);
}

describe('the layering of src/ in eslint.config.js: a room imports only the rooms below it', function () {
  this.timeout(60_000);
  const eslint = new ESLint({ cwd: root });

  BREAKS.forEach(([name, file, source]) => {
    it(`when ${name}, then ${RULE} fails it`, async () => {
      expect(await ruleIdsFor(eslint, file, source)).to.include(RULE);
    });
  });

  it(`when the store imports config only for a type, then ${RULE} fails it too`, async () => {
    expect(await ruleIdsFor(eslint, 'src/store/probe.ts', '../config/load-config.js', 'type ')).to.include(RULE);
  });

  ALLOWED.forEach(([name, file, source]) => {
    it(`when ${name}, then no rule fails`, async () => {
      expect(await ruleIdsFor(eslint, file, source)).to.deep.equal([]);
    });
  });
});
