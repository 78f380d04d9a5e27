import type { Request, Response } from 'express';
import { HttpProblem } from '../http/problem.js';
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

function encodeCursor(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

function decodeCursor(cursor: string): string {
  const key = Buffer.from(cursor, 'base64url').toString('utf8');
  if (key === '' || encodeCursor(key) !== cursor) {
    throw new HttpProblem('validation-failed', 'The cursor is not one this service gave out.', {
      errors: [{ path: '/query/cursor', message: 'must be the cursor of a Link rel="next" header' }],
    });
  }
  return key;
}
