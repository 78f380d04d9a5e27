/** Parses ALLOWED_HOSTS: names separated by commas (`app.test,.example.test`), without scheme or port. */
export function parseAllowedHosts(text: string): string[] {
  const names = text
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  for (const name of names) {
    if (!/^\.?[a-z0-9_-]+(?:\.[a-z0-9_-]+)*$|^\[[0-9a-f:.]+\]$/.test(name)) {
      throw new Error(
        `ALLOWED_HOSTS holds host names separated by commas (app.test, or .example.test for it and every name under it), not "${name}"`,
      );
    }
  }
  return names;
}
