import type { Request, Response } from 'express';
import { HttpProblem } from '../errors/problem.js';
import type { StreamLimits } from './sandbox-settings.js';
import type { Sessions } from './sessions.js';

/** Changes are told at most this often per page: a busy session's requests come as one event. */
const EVENT_BATCH_MS = 100;
const HEAD = { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' };
/** A refused stream may try again this much later: a page that closes one frees its place at once. */
const RETRY_SECONDS = 5;

/**
 * GET /sandbox/events: Server-Sent Events naming each session that logs a request, is reset or dropped, for the
 * page. Bounded, so readers that never read cost the others nothing: at most `perClient` streams from one address
 * (403 quota-exceeded) and `total` in all (503 overloaded, with Retry-After); a stream whose reader leaves
 * `unsentBytes` unread is closed (the page's EventSource reconnects and reads its view again).
 */
export function eventStreams(sessions: Sessions, limits: StreamLimits) {
  const byClient = new Map<string, number>();
  /** Streams open now, and those closed because their reader left SANDBOX_EVENT_BUFFER unread (GET /sandbox/sessions). */
  const counts = { open: 0, closedUnread: 0 };
  const serve = (req: Request, res: Response): void => {
    // HEAD (answered as GET, with no body: Node marks such a response bodiless): the head alone, no stream held.
    if ((res as Response & { _hasBody?: boolean })._hasBody === false) return void res.status(200).set(HEAD).end();
    const client = req.socket.remoteAddress ?? '';
    const mine = byClient.get(client) ?? 0;
    if (mine >= limits.perClient) {
      throw new HttpProblem(
        'quota-exceeded',
        `This client has ${mine} event streams open, the most SANDBOX_EVENT_STREAMS_PER_CLIENT allows; close one first.`,
        { extensions: { quota: 'SANDBOX_EVENT_STREAMS_PER_CLIENT', limit: limits.perClient, used: mine } },
      );
    }
    if (counts.open >= limits.total) {
      throw new HttpProblem(
        'overloaded',
        `${counts.open} event streams are open, the most SANDBOX_EVENT_STREAMS allows; retry after Retry-After seconds.`,
        { headers: { 'Retry-After': String(RETRY_SECONDS) } },
      );
    }
    counts.open++;
    byClient.set(client, mine + 1);
    const changed = new Set<string>();
    let timer: NodeJS.Timeout | undefined;
    const flush = () => {
      timer = undefined;
      let text = '';
      for (const name of changed) text += `data: ${JSON.stringify({ session: name })}\n\n`;
      changed.clear();
      // Unread past the bound: closed, so what a reader leaves unread never grows (its page reconnects). What it has not
      // taken yet is measured, not the batch: a reader that keeps up takes any batch (at most one line per session held).
      if (res.writableLength <= limits.unsentBytes) return void res.write(text);
      counts.closedUnread++;
      res.destroy();
    };
    const stop = sessions.watchers.watch((name) => {
      changed.add(name);
      timer ??= setTimeout(flush, EVENT_BATCH_MS);
    });
    res.once('close', () => {
      stop();
      clearTimeout(timer);
      counts.open--;
      const left = (byClient.get(client) ?? 1) - 1;
      if (left > 0) byClient.set(client, left);
      else byClient.delete(client);
    });
    res.status(200).set(HEAD);
    res.write('retry: 1000\n\n'); // headers out now; a page reconnects a second after the sandbox restarts
  };
  return { serve, counts };
}
