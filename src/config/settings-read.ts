/**
 * Which settings were read (each refused when set but empty), and which set variables look like a misspelling of one:
 * the same first word (`RATE_…`) and at most two edits away (`RATE_LIMT_WRITES`).
 * A misspelt setting is otherwise silently ignored, and its default used.
 */
export function recordingReads(env: NodeJS.ProcessEnv): { env: NodeJS.ProcessEnv; read: Set<string> } {
  const read = new Set<string>();
  const recorded = new Proxy(env, {
    get(target, name) {
      if (typeof name !== 'string') return Reflect.get(target, name);
      read.add(name);
      refuseBlank(target, [name]);
      return target[name];
    },
  });
  return { env: recorded, read };
}

/**
 * A variable set but empty (or blank) is a mistake, such as a templated secret left out: refused,
 * naming each of `names` that is, never read as unset (an empty DATABASE_URL once served lowdb's data).
 */
export function refuseBlank(env: NodeJS.ProcessEnv, names: readonly string[]): void {
  const blank = names.filter((name) => env[name]?.trim() === '');
  if (blank.length === 1) throw new Error(`${blank[0]} is set but empty: give it a value, or unset it`);
  if (blank.length > 1) throw new Error(`${blank.join(', ')} are set but empty: give them values, or unset them`);
}

/** A warning line for each variable in `env` that is not in `known` but close to one of them. */
export function misspeltSettings(env: NodeJS.ProcessEnv, known: ReadonlySet<string>): string[] {
  const lines: string[] = [];
  for (const name of Object.keys(env).sort()) {
    if (known.has(name)) continue;
    const meant = [...known].filter(
      (setting) => firstWord(setting) === firstWord(name) && editDistance(setting, name) <= 2,
    );
    if (meant.length > 0)
      lines.push(`${name} is not a setting of this service and is ignored; did you mean ${meant.sort().join(' or ')}?`);
  }
  return lines;
}

const firstWord = (name: string) => name.split('_')[0];

/** Levenshtein distance, with a swap of two neighbours counting one edit (optimal string alignment). */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_row, i) =>
    Array.from({ length: b.length + 1 }, (_cell, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  const at = (i: number, j: number) => rows[i]?.[j] ?? Infinity;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}
