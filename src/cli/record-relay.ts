import {
  request as httpRequest,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type OutgoingHttpHeaders,
  type ServerResponse,
} from 'node:http';
import { request as httpsRequest } from 'node:https';
import { KeptBody } from './kept-body.js';

/** One exchange as it passed make record: the headers as passed on, at most a bounded part of each body. */
export interface Relayed {
  method: string;
  path: string;
  requestHeaders: Record<string, string>;
  sent: KeptBody;
  status: number;
  responseHeaders: Record<string, string>;
  got: KeptBody;
}

// Not passed on: they describe this hop (RFC 9110 §7.6.1); without Accept-Encoding answers come as they are read.
const HOP = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
  'accept-encoding',
]);

/**
 * Passes the request on to `target` and its answer back as their bytes come, keeping at most `limit` bytes of
 * each body. `record` is called once both bodies have passed, before the answer ends: before it starts, when the
 * answer's body is within `limit` (what the client got is on disk first); when larger, before its last chunk is sent.
 */
export function relay(
  req: IncomingMessage,
  res: ServerResponse,
  target: URL,
  limit: number,
  record: (exchange: Relayed) => void,
): void {
  const method = req.method ?? 'GET';
  const path = req.url ?? '/';
  const headers = passedOn(req.headers);
  const sent = new KeptBody(limit);
  const upstream = (target.protocol === 'https:' ? httpsRequest : httpRequest)({
    protocol: target.protocol,
    hostname: target.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: target.port,
    method,
    path,
    headers,
  });
  let answered = false;
  upstream.on('error', (error) => {
    // Once answered, a target that stopped reading the rest of the body is its own answer's business.
    if (answered) return;
    console.error(`${method} ${path}: ${target.origin} did not answer (${error.message})`);
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end(`${target.origin} did not answer`);
    req.resume();
  });
  req.on('data', (chunk: Buffer) => {
    sent.add(chunk);
    if (!upstream.destroyed && !upstream.writableEnded && !upstream.write(chunk)) req.pause();
  });
  upstream.on('drain', () => req.resume());
  upstream.on('close', () => req.resume()); // whatever is still coming is read off and counted, so the client gets the answer
  req.on('end', () => upstream.destroyed || upstream.end());
  req.on('close', () => req.complete || upstream.destroy());
  res.on('close', () => res.writableFinished || upstream.destroy());

  upstream.on('response', (answer) => {
    answered = true;
    const status = answer.statusCode ?? 502;
    const answerHeaders = passedOn(answer.headers);
    const got = new KeptBody(limit);
    // Until the answer is known to be over the limit it is held whole; after, only its last chunk is, so that
    // the client has all of it (Content-Length says when) only once its line is written.
    const pending: Buffer[] = [];
    let streaming = false;
    answer.on('data', (chunk: Buffer) => {
      got.add(chunk);
      pending.push(chunk);
      if (!streaming && !got.over) return;
      if (!streaming) res.writeHead(status, answerHeaders);
      streaming = true;
      for (const part of pending.splice(0, pending.length - 1)) res.write(part);
      if (res.writableNeedDrain) answer.pause();
    });
    res.on('drain', () => answer.resume());
    answer.on('error', () => res.destroy());
    answer.on('end', () =>
      whenComplete(req, () => {
        try {
          record({
            method,
            path,
            requestHeaders: flat(headers),
            sent,
            status,
            responseHeaders: flat(answerHeaders),
            got,
          });
        } catch (error) {
          console.error(`${method} ${path}: not recorded (${(error as Error).message})`);
          if (streaming) res.destroy();
          else
            res
              .writeHead(502, { 'content-type': 'text/plain' })
              .end(`make record could not record the answer: ${(error as Error).message}`);
          return;
        }
        if (!streaming) res.writeHead(status, answerHeaders);
        res.end(Buffer.concat(pending));
      }),
    );
  });
}

/** Calls `then` once the request has been read to its end (a target may answer before it has all of it). */
function whenComplete(req: IncomingMessage, then: () => void): void {
  if (req.readableEnded || req.destroyed) return then();
  let called = false;
  const once = () => called || ((called = true), then());
  req.once('end', once).once('close', once);
}

function passedOn(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const named = new Set((headers.connection ?? '').split(',').map((name) => name.trim().toLowerCase()));
  return Object.fromEntries(
    Object.entries(headers).filter(([name, value]) => value !== undefined && !HOP.has(name) && !named.has(name)),
  );
}

const flat = (headers: OutgoingHttpHeaders): Record<string, string> =>
  Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : String(value)]),
  );
