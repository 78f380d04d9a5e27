// npm run scenario -- <recording> <name> (make scenario FROM=<recording> NAME=<name>): the recording's accepted
// writes under /api/ (POST, PUT, PATCH, DELETE answered 2xx within the contract, their bodies recorded), in order, as the sandbox
// scenario <name>.json in SANDBOX_SCENARIOS (the sandbox's folder, default mocks/scenarios). The sandbox checks its
// steps again when it starts.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { specPath } from '../contract/spec.js';
import { refuse } from './command.js';
import { accepted, readRecording } from './recording.js';

const {
  positionals: [from, name, ...extra],
} = parseArgs({ allowPositionals: true, options: {} });
if (from === undefined || name === undefined || extra.length) {
  console.error('Usage: npm run scenario -- <recording> <name>   (make scenario FROM=<recording> NAME=<name>)');
  process.exit(2);
}
// As the sandbox names scenarios (SCENARIO_NAME in src/sandbox/scenarios.ts).
if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/.test(name))
  refuse('Scenario', `${name}: a scenario name is 1 to 64 of A-Z a-z 0-9 . _ - (a letter or digit first)`);
const exchanges = (() => {
  try {
    return readRecording(from);
  } catch (error) {
    return refuse('Scenario', (error as Error).message);
  }
})();
const steps = exchanges
  .filter(
    (exchange) =>
      ['POST', 'PUT', 'PATCH', 'DELETE'].includes(exchange.request.method) &&
      exchange.request.path.startsWith('/api/') &&
      !exchange.request.bodyNotRecorded && // a step needs its body
      accepted(exchange),
  )
  .map(({ request: { method, path, body } }) => ({ method, path, ...(body === undefined ? {} : { body }) }));
const folder = process.env.SANDBOX_SCENARIOS || join(specPath, '..', 'mocks', 'scenarios');
mkdirSync(folder, { recursive: true });
const file = join(folder, `${name}.json`);
const lines = steps.map((step) => `    ${JSON.stringify(step)}`).join(',\n');
writeFileSync(
  file,
  `{\n  "description": ${JSON.stringify(`Made from ${from}`)},\n  "steps": [${lines ? `\n${lines}\n  ` : ''}]\n}\n`,
);
console.log(`${file}: ${steps.length} steps, the accepted writes of ${exchanges.length} exchanges in ${from}`);
