import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { HttpProblem } from '../errors/problem.js';
import { parseScenario, SCENARIO_NAME, type Scenarios } from './scenarios.js';

/**
 * Loads every `<name>.json` of the folder (none when it is missing), each built on first use; with
 * `build`, builds each now. A file that is no scenario, or (built) whose steps are refused, throws
 * naming the file and the step: make sandbox builds them all, so such a file stops it from starting.
 */
export async function loadScenarioFiles(scenarios: Scenarios, folder: string, build = false): Promise<void> {
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
      scenarios.load(name, parseScenario(JSON.parse(await readFile(path, 'utf8')), ''));
      if (build) await scenarios.get(name)?.records();
    } catch (error) {
      const said =
        error instanceof HttpProblem
          ? `${error.message} ${JSON.stringify(error.options.errors ?? [])}`
          : (error as Error).message;
      throw new Error(`The scenario ${path} cannot be defined: ${said}`, { cause: error });
    }
  }
}
