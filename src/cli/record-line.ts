import { appendFileSync } from 'node:fs';
import type { Exposed } from '../contract/redact.js';
import type { CheckResponse } from '../contract/response-check.js';
import { isPreflight } from '../lib/cors-preflight.js';
import type { Expectation } from '../lib/expectations.js';
import type { SegmentLine } from '../lib/expectations-file.js';
import { printable } from '../lib/printable.js';
import { stateName } from './consumer-steps.js';
import type { KeptBody } from './kept-body.js';
import type { Relayed } from './record-relay.js';

type Redact = (exchange: Exposed) => Exposed;

/** A body as a recording holds it: `body`, or a note of its size when it was not kept. */
type Recorded = { body?: unknown; bodyNotRecorded?: { bytes: number; why: string } };

/**
 * Writes each exchange as one line of `file`: bodies parsed (JSON when said to be JSON, else text) or noted by
 * size, secrets redacted, the answer checked against the contract (a CORS preflight is the browser's, not the
 * contract's), with the sandbox session it was sent in, and says so on the console.
 */
export function lineWriter(
  file: string,
  limit: number,
  check: CheckResponse,
  redact: Redact,
): (exchange: Relayed, session?: string) => void {
  return ({ method, path, requestHeaders, sent, status, responseHeaders, got }, session) => {
    const request = recorded(sent, requestHeaders, limit);
    const response = recorded(got, responseHeaders, limit);
    const violations = isPreflight(method, requestHeaders)
      ? []
      : check({
          method,
          path,
          status,
          contentType: responseHeaders['content-type'],
          body: response.body,
          unread: response.bodyNotRecorded !== undefined,
        });
    const shown = redact({
      path,
      requestHeaders,
      responseHeaders,
      ...(request.body === undefined ? {} : { requestBody: request.body }),
      ...(response.body === undefined ? {} : { responseBody: response.body }),
    });
    const line = {
      request: { method, path: shown.path, headers: shown.requestHeaders, ...withBody(request, shown.requestBody) },
      response: { status, headers: shown.responseHeaders, ...withBody(response, shown.responseBody) },
      ...(violations.length ? { violations } : {}),
      ...(session === undefined ? {} : { session }),
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    console.log(printable(`${method} ${shown.path} ${status}`));
    for (const violation of violations) console.log(printable(`  contract violation: ${violation}`));
  };
}

/**
 * Writes the line that starts a sandbox session's segment (SegmentLine): the state it started from, its steps'
 * secrets redacted as an exchange's are, and says so on the console.
 */
export function segmentWriter(file: string, redact: Redact): (segment: SegmentLine['segment']) => void {
  return ({ session, state, before, dropped }) => {
    const steps = state?.steps.map((step) => redacted(step, redact));
    const line: SegmentLine = {
      segment: {
        session,
        ...(state && steps ? { state: { ...state, steps } } : {}),
        ...(before ? { before } : {}),
        ...(dropped ? { dropped } : {}),
      },
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    const from = state ? `from ${stateName(state)}` : 'from a state the sandbox no longer knows';
    const served = before
      ? `, ${before} requests served before this recording (it is not replayed: POST /sandbox/reset through here to record from a known state)`
      : '';
    const again = dropped ? ` again, the sandbox having dropped it (${dropped})` : '';
    console.log(printable(`session ${session}: ${from}${again}${served}`));
  };
}

function redacted({ request, response }: Expectation, redact: Redact): Expectation {
  const shown = redact({
    path: request.path,
    requestHeaders: request.headers ?? {},
    responseHeaders: response.headers ?? {},
    ...(request.body === undefined ? {} : { requestBody: request.body }),
    ...(response.body === undefined ? {} : { responseBody: response.body }),
  });
  return {
    request: {
      ...request,
      path: shown.path,
      ...(request.headers ? { headers: shown.requestHeaders } : {}),
      ...(request.body === undefined ? {} : { body: shown.requestBody }),
    },
    response: { ...response, ...(response.body === undefined ? {} : { body: shown.responseBody }) },
  };
}

function recorded(kept: KeptBody, headers: Record<string, string>, limit: number): Recorded {
  if (kept.bytes === 0) return {};
  if (kept.over) return { bodyNotRecorded: { bytes: kept.bytes, why: `over RECORD_BODY_LIMIT (${limit} bytes)` } };
  // Compressed bytes are no text to read or redact.
  const encoding = headers['content-encoding'];
  if (encoding !== undefined && encoding.toLowerCase() !== 'identity')
    return { bodyNotRecorded: { bytes: kept.bytes, why: `content-encoding ${encoding}` } };
  return { body: parsed(kept.whole() ?? Buffer.alloc(0), headers['content-type']) };
}

const withBody = ({ bodyNotRecorded }: Recorded, body: unknown) =>
  bodyNotRecorded ? { bodyNotRecorded } : body === undefined ? {} : { body };

/** JSON as parsed, when it is said to be JSON and is; else the text. */
function parsed(bytes: Buffer, contentType: string | undefined): unknown {
  const text = bytes.toString('utf8');
  if (!/json/i.test(contentType ?? '')) return text;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
