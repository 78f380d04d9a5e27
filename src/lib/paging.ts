import type { Request, Response } from 'express';
import type { Entry, Page } from '../store/store.js';

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
 */
export async function listPage<T>(
  req: Request,
  res: Response,
  list: (page: Page) => Promise<Entry<T>[]>,
): Promise<T[]> {
  const page = pageOf(req);
  const entries = await list({ ...page, limit: page.limit + 1 });
  const items = entries.slice(0, page.limit);
  const last = items.at(-1);
  if (entries.length > page.limit && last) {
    const next = new URLSearchParams({ limit: String(page.limit), cursor: encodeCursor(last.key) });
    res.setHeader('Link', `<${req.baseUrl}${req.path}?${next}>; rel="next"`);
  }
  return items.map((entry) => entry.value);
}

/** UTF-16 code units, so any key (lone surrogates too) comes back exactly. */
function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf16le').toString('base64url');
}

/** The contract admits only base64url; any such value is a place in the caller's own list. */
function decodeCursor(cursor: string): string {
  return Buffer.from(cursor, 'base64url').toString('utf16le');
}
