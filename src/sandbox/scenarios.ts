import { createHash } from 'node:crypto';
import { HttpProblem } from '../errors/problem.js';
import type { Expectation } from '../lib/expectations.js';
import type { Store, StoredRecord } from '../store/store.js';
import type { Scenario, Step } from './scenario-document.js';

/** A scenario the sandbox knows; its state, the records its steps leave in an empty session, is made once, when it is first needed. */
export interface Defined {
  name: string;
  description?: string;
  steps: number;
  /** Which definition of its name it is: a session started from it names it, to find its steps again. */
  version: number;
  /** What it was defined from (the SHA-256 of its description and steps): the same again keeps this version. */
  source: string;
  records(): Promise<StoredRecord[]>;
  /** Its steps, each with the ids and timestamps its answer made (madeIn): the state expectations name. */
  state(): Promise<Expectation[]>;
}

/** Every scenario is made on this clock and with ids from `scenario/<name>`, so its state is the same every time. */
export const SCENARIO_CLOCK = '2026-01-01T09:00:00Z';
/** The default bound on scenarios held (SANDBOX_MAX_SCENARIOS). */
export const DEFAULT_MAX_SCENARIOS = 100;
export const SCENARIO_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

/** What a scenario's steps leave: the records, and each step's answer as far as the server made it (madeIn). */
export interface Built {
  records: StoredRecord[];
  answers: Expectation['response'][];
}

/** Applies the steps in order to an empty session; refuses (HttpProblem) at the first step not answered 2xx. */
export type Build = (name: string, steps: Step[]) => Promise<Built>;

/** The scenarios the sandbox knows, by name. */
export class Scenarios {
  private readonly defined = new Map<string, Defined>();
  private versions = 0;
  private source: (name: string) => Promise<void> = async () => undefined;

  /** `max`: the most scenarios held (SANDBOX_MAX_SCENARIOS), files and run-time ones together. */
  constructor(
    private readonly build: Build,
    readonly max = DEFAULT_MAX_SCENARIOS,
  ) {}

  get(name: string): Defined | undefined {
    return this.defined.get(name);
  }

  /** As `get`, once the scenario's source (its file: loadScenarioFiles) has been read again: a file added or changed since is used. */
  async fresh(name: string): Promise<Defined | undefined> {
    await this.source(name);
    return this.get(name);
  }

  /** Where `fresh` looks for a newer definition of a scenario first. */
  follow(source: (name: string) => Promise<void>): void {
    this.source = source;
  }

  list(): Defined[] {
    return [...this.defined.values()].sort((a, b) => (a.name < b.name ? -1 : 1));
  }

  /** Builds the scenario now and keeps it under `name` (in place of any before); a refused step leaves it as it was. Resolves to whether it was new. */
  async define(name: string, scenario: Scenario): Promise<boolean> {
    // Defined again as it is (two suites' set-up at once): kept, so the sessions started from it still name it.
    if (this.defined.get(name)?.source === sourceOf(scenario)) return false;
    this.makeRoom(name);
    // Kept as JSON text, parsed when a session starts from it: parsed, a client's records could take twenty times their JSON.
    const { records, answers } = await this.build(name, scenario.steps);
    const [text, state] = [JSON.stringify(records), JSON.stringify(stateOf(scenario.steps, answers))];
    this.makeRoom(name); // again: another may have been defined while this one was built
    const known = this.defined.has(name);
    this.keep(
      name,
      scenario,
      async () => JSON.parse(text) as StoredRecord[],
      async () => JSON.parse(state) as Expectation[],
    );
    return !known;
  }

  /** Keeps the scenario under `name`, built on first use (a file's: the sandbox's tests start many sandboxes and use few scenarios). */
  load(name: string, scenario: Scenario): void {
    this.makeRoom(name);
    let built: Promise<Built> | undefined;
    const build = () => (built ??= this.build(name, scenario.steps));
    this.keep(
      name,
      scenario,
      async () => (await build()).records,
      async () => stateOf(scenario.steps, (await build()).answers),
    );
  }

  /** A new name past `max` is refused; a known one may always be defined again. */
  private makeRoom(name: string): void {
    if (this.defined.has(name) || this.defined.size < this.max) return;
    throw new HttpProblem(
      'quota-exceeded',
      `The sandbox holds at most ${this.max} scenarios (SANDBOX_MAX_SCENARIOS); define one of ${this.list()
        .map((known) => known.name)
        .join(', ')} again instead, or restart it.`,
    );
  }

  private keep(
    name: string,
    { description, steps }: Scenario,
    records: Defined['records'],
    state: Defined['state'],
  ): void {
    this.defined.set(name, {
      name,
      ...(description === undefined ? {} : { description }),
      steps: steps.length,
      version: ++this.versions,
      source: sourceOf({ ...(description === undefined ? {} : { description }), steps }),
      records,
      state,
    });
  }
}

const sourceOf = ({ description, steps }: Scenario): string =>
  createHash('sha256')
    .update(JSON.stringify([description ?? null, steps]))
    .digest('base64url');

const stateOf = (steps: Step[], answers: Expectation['response'][]): Expectation[] =>
  steps.map(({ method, path, body }, index) => ({
    request: { method, path, ...(body === undefined ? {} : { body }) },
    response: answers[index] ?? { status: 200 },
  }));

/** Writes a scenario's records into a fresh store, as its steps left them. */
export async function restore(store: Store, records: StoredRecord[]): Promise<void> {
  for (const { collection, key, group, owner, value } of records) {
    await store.update(collection, key, () => value, {
      ...(group === undefined ? {} : { group }),
      ...(owner === undefined ? {} : { owner }),
    });
  }
}
