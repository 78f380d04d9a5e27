/** The browser origins that may call the service: any (`*`), or those listed (a RegExp matches a family). */
export type CorsOrigins = '*' | readonly (string | RegExp)[];

/** Pages served from this machine, on any port: the default without authentication on loopback. */
export const LOOPBACK_ORIGINS: readonly RegExp[] = [
  /^http:\/\/localhost(?::\d{1,5})?$/,
  /^http:\/\/127\.0\.0\.1(?::\d{1,5})?$/,
];

/** Parses `CORS_ORIGINS`: `*`, `none`, or origins separated by commas (`https://app.example.com,http://localhost:5173`). */
export function parseCorsOrigins(text: string): CorsOrigins {
  if (text.trim() === '*') return '*';
  if (text.trim() === 'none') return []; // said in words: an empty setting is refused as a mistake
  const origins = text
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  for (const origin of origins) {
    if (!isOrigin(origin)) {
      throw new Error(
        `CORS_ORIGINS must be *, none, or origins such as https://app.example.com (scheme, host, optional port, nothing after), not "${origin}"`,
      );
    }
  }
  return origins;
}

function isOrigin(text: string): boolean {
  try {
    return new URL(text).origin === text;
  } catch {
    return false;
  }
}
