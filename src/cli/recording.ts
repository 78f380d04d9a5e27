import { readFileSync } from 'node:fs';

/** One line of a recording (make record). */
export interface Exchange {
  request: { method: string; path: string; headers?: Record<string, string>; body?: unknown } & NotRecorded;
  response: { status: number; headers?: Record<string, string>; body?: unknown } & NotRecorded;
  /** What openapi.yaml does not allow in the answer; absent when it allows it. */
  violations?: string[];
  /** The sandbox session it was sent in, when the target was a sandbox (its segment: a SegmentLine before it). */
  session?: string;
}

/** Instead of `body`, a body make record did not keep: past RECORD_BODY_LIMIT, or compressed. */
export interface NotRecorded {
  bodyNotRecorded?: { bytes: number; why: string };
}

/** The recording's exchanges, in order, its segment lines (the states sandbox sessions started from) left out; an Error names the first line that is none. */
export function readRecording(file: string): Exchange[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .flatMap((line, index) => {
      if (!line.trim()) return [];
      const exchange = JSON.parse(line) as Partial<Exchange> & { segment?: unknown };
      if (exchange.segment !== undefined) return [];
      if (
        typeof exchange.request?.method !== 'string' ||
        typeof exchange.request.path !== 'string' ||
        typeof exchange.response?.status !== 'number'
      ) {
        throw new Error(
          `line ${index + 1} of ${file} is no exchange: { "request": { "method", "path" }, "response": { "status" } }`,
        );
      }
      return [exchange as Exchange];
    });
}

/** Answered 2xx with nothing the contract does not allow. */
export const accepted = ({ response, violations }: Exchange): boolean =>
  response.status >= 200 && response.status < 300 && !violations?.length;
