// CHANGELOG.md's `## [Unreleased]` entry (Keep a Changelog): what openapi.yaml changes since the last release,
// kept with each change by its author (make changelog-draft drafts it), and made the release's entry by
// make release-contract.

export const UNRELEASED = '## [Unreleased]';
const HEADING = /^## \[Unreleased\][ \t]*$/m;

/** The Unreleased entry's text (without its heading), or undefined when CHANGELOG.md has no such heading. */
export function unreleasedOf(changelog: string): string | undefined {
  const heading = HEADING.exec(changelog);
  if (!heading) return undefined;
  const rest = changelog.slice(heading.index + heading[0].length);
  const next = rest.search(/^## /m);
  return (next < 0 ? rest : rest.slice(0, next)).trim();
}

/** Whether an entry says anything: HTML comments (the draft's notes to its author) and blank lines do not count. */
export const saysSomething = (entry: string | undefined) =>
  (entry ?? '').replace(/<!--[\s\S]*?-->/g, '').trim().length > 0;

/** The entry's bullets marked "unseen by oasdiff" (changes no diff of openapi.yaml shows), each as one line, comments left out. */
export function unseenChanges(entry: string | undefined): string[] {
  const bullets: string[] = [];
  let open = false; // a bullet's wrapped lines follow it, indented
  for (const line of (entry ?? '').split('\n')) {
    if (line.startsWith('- ')) bullets.push(line.slice(2).trim());
    else if (open && /^\s+\S/.test(line)) bullets.push(`${bullets.pop() ?? ''} ${line.trim()}`);
    open = line.startsWith('- ') || (open && /^\s+\S/.test(line));
  }
  return bullets
    .filter((bullet) => bullet.includes('unseen by oasdiff'))
    .map((bullet) => bullet.replace(/\s*<!--[\s\S]*?-->/g, '').trim());
}

/**
 * CHANGELOG.md after releasing `heading` (`## 1.1.0 (2027-01-15)`): the Unreleased entry's text under it when that
 * entry says something, else `drafted` (the entry made from the diff); an empty Unreleased heading on top.
 */
export function released(changelog: string, heading: string, drafted: string): string {
  const entry = unreleasedOf(changelog);
  const body = saysSomething(entry) ? `${heading}\n\n${entry}\n` : drafted;
  let rest = changelog;
  const at = HEADING.exec(changelog);
  if (at) {
    const after = changelog.slice(at.index + at[0].length);
    const next = after.search(/^## /m);
    rest = changelog.slice(0, at.index) + (next < 0 ? '' : after.slice(next));
  }
  const first = rest.search(/^## /m);
  const top = `${UNRELEASED}\n\n${body}`;
  return first < 0 ? `${rest.trimEnd()}\n\n${top}` : `${rest.slice(0, first)}${top}\n${rest.slice(first)}`;
}
