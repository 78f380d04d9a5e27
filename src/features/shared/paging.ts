import type { Request, Response } from 'express';
import type { Entry, Page } from '../../store/store.js';

export const DEFAULT_LIMIT = 100;

/** The page a list request asks for: `limit` (validated by the contract) and an opaque `cursor`. */
export function pageOf(req: Request): Page {
  const { limit, cursor } = req.query as { limit?: string; cursor?: string };
  const page: Page = { limit: limit === undefined ? DEFAULT_LIMIT : Number(limit) };
  if (cursor !== undefined) page.after = decodeCursor(cursor);
  return page;
}

/**
 * Lists one page: asks `list` for one record more than the page holds, to know
 * whether a next page exists, and links it with `Link: <…>; rel="next"` (RFC 8288).
 * A page also ends before its items would pass `maxBytes` as JSON; it holds one
 * item however large, so every list can be read to its end.
 */
export async function listPage<T>(
  req: Request,
  res: Response,
  list: (page: Page) => Promise<Entry<T>[]>,
  maxBytes: number,
): Promise<T[]> {
  const page = pageOf(req);
  const entries = await list({ ...page, limit: page.limit + 1 });
  const items = withinBytes(entries.slice(0, page.limit), maxBytes);
  const last = items.at(-1);
  if (entries.length > items.length && last) {
    const next = new URLSearchParams({ limit: String(page.limit), cursor: encodeCursor(last.key) });
    res.setHeader('Link', `<${req.baseUrl}${req.path}?${next}>; rel="next"`);
  }
  return items.map((entry) => entry.value);
}

/** The leading entries whose values take at most `maxBytes` as JSON (with their commas); at least one. */
function withinBytes<T>(entries: Entry<T>[], maxBytes: number): Entry<T>[] {
  let bytes = 0;
  for (const [index, entry] of entries.entries()) {
    bytes += Buffer.byteLength(JSON.stringify(entry.value)) + (index > 0 ? 1 : 0);
    if (bytes > maxBytes && index > 0) return entries.slice(0, index);
  }
  return entries;
}

/** UTF-16 code units, so any key (lone surrogates too) comes back exactly. */
function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf16le').toString('base64url');
}

/** The contract admits only base64url; any such value is a place in the caller's own list. */
function decodeCursor(cursor: string): string {
  return Buffer.from(cursor, 'base64url').toString('utf16le');
}
