import { appendFileSync } from 'node:fs';
import type { CheckResponse } from '../contract/response-check.js';
import { isPreflight } from '../lib/cors-preflight.js';
import type { KeptBody } from './kept-body.js';
import type { Relayed } from './record-relay.js';
import { contractSecrets, redactor } from '../contract/redact.js';
import { loadSpec } from '../contract/spec.js';

/** A body as a recording holds it: `body`, or a note of its size when it was not kept. */
type Recorded = { body?: unknown; bodyNotRecorded?: { bytes: number; why: string } };

/**
 * Writes each exchange as one line of `file`: bodies parsed (JSON when said to be JSON, else text) or noted by
 * size, secrets redacted, the answer checked against the contract (a CORS preflight is the browser's, not the
 * contract's), and says so on the console.
 */
export function lineWriter(
  file: string,
  limit: number,
  check: CheckResponse,
  redact = redactor(contractSecrets(loadSpec())),
): (exchange: Relayed) => void {
  return ({ method, path, requestHeaders, sent, status, responseHeaders, got }) => {
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
    };
    appendFileSync(file, `${JSON.stringify(line)}\n`);
    console.log(`${method} ${shown.path} ${status}`);
    for (const violation of violations) console.log(`  contract violation: ${violation}`);
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
