import type { Request, Response } from 'express';
import { entityTagOfJson, matchesWeakly, parseEntityTags, type Preconditions } from '../lib/etag.js';
import { jsonOf } from './json-once.js';

/** The request's If-Match and If-None-Match, as openapi.yaml took them (EntityTags), for a write to check in its atomic step. */
export function preconditionsOf(req: Pick<Request, 'headers'>): Preconditions {
  const { 'if-match': ifMatch, 'if-none-match': ifNoneMatch } = req.headers;
  return {
    ...(ifMatch === undefined ? {} : { ifMatch: parseEntityTags(ifMatch) }),
    ...(ifNoneMatch === undefined ? {} : { ifNoneMatch: parseEntityTags(ifNoneMatch) }),
  };
}

/**
 * Sends one resource's representation with its strong ETag. A GET (or HEAD) whose If-None-Match names it gets 304
 * with no body instead: call this only once the caller may read the resource, so a 304 tells no one else anything.
 */
export function sendTagged(req: Pick<Request, 'method' | 'headers'>, res: Response, body: unknown, status = 200): void {
  const tag = entityTagOfJson(jsonOf(res, body)); // the text res.json sends, made once
  res.setHeader('ETag', tag);
  const ifNoneMatch = req.headers['if-none-match'];
  if (
    (req.method === 'GET' || req.method === 'HEAD') &&
    ifNoneMatch !== undefined &&
    matchesWeakly(parseEntityTags(ifNoneMatch), tag)
  ) {
    res.status(304).end();
    return;
  }
  res.status(status).json(body);
}
