import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpProblem } from '../errors/problem.js';
import { parseScenario } from './scenario-document.js';
import { SCENARIO_NAME, type Scenarios } from './scenarios.js';

/**
 * Loads every `<name>.json` of the folder (none when it is missing), each built on first use; with
 * `build`, builds each now. A file that is no scenario, or (built) whose steps are refused, throws
 * naming the file and the step: make sandbox builds them all, so such a file stops it from starting.
 * Then follows the folder: a reset naming a file added or changed since is defined from it first.
 */
export async function loadScenarioFiles(scenarios: Scenarios, folder: string, build = false): Promise<void> {
  const read = new Map<string, string>(); // name → the SHA-256 of the text last defined from its file
  const files = (
    await readdir(folder).catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return [];
      throw error;
    })
  )
    .filter((file) => file.endsWith('.json'))
    .sort();
  for (const file of files) {
    const name = file.slice(0, -'.json'.length);
    const path = join(folder, file);
    try {
      if (!SCENARIO_NAME.test(name))
        throw new Error('its name must be 1 to 64 of A-Z a-z 0-9 . _ - (a letter or digit first), then .json');
      const text = await readFile(path, 'utf8');
      scenarios.load(name, parseScenario(JSON.parse(text), ''));
      read.set(name, hash(text));
      if (build) await scenarios.get(name)?.records();
    } catch (error) {
      throw new Error(`The scenario ${path} cannot be defined: ${said(error)}`, { cause: error });
    }
  }
  scenarios.follow(async (name) => {
    const path = join(folder, `${name}.json`);
    const text = SCENARIO_NAME.test(name) ? await readFile(path, 'utf8').catch(() => undefined) : undefined;
    if (text === undefined || read.get(name) === hash(text)) return; // none, or as last defined
    try {
      await scenarios.define(name, parseScenario(JSON.parse(text), ''));
    } catch (error) {
      throw new HttpProblem('validation-failed', `The scenario ${path} cannot be defined: ${said(error)}`);
    }
    read.set(name, hash(text));
  });
}

const hash = (text: string) => createHash('sha256').update(text).digest('base64');

const said = (error: unknown) =>
  error instanceof HttpProblem
    ? `${error.message} ${JSON.stringify(error.options.errors ?? [])}`
    : (error as Error).message;
