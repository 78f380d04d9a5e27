import type { Service } from './service.js';

export interface Reply {
  status: number;
  headers: Headers;
  // Tests read whatever the service sent; the contract check happens in the service.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
}

export interface CallOptions {
  /** Sent as is when a string, else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** One HTTP call; JSON bodies go out as application/json unless headers say otherwise. */
export async function call(service: Service, method: string, path: string, options: CallOptions = {}): Promise<Reply> {
  const { body } = options;
  const headers: Record<string, string> = body === undefined ? {} : { 'content-type': 'application/json' };
  Object.assign(headers, service.headers, options.headers);
  const response = await fetch(service.url + path, {
    method,
    headers,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await response.text();
  const type = response.headers.get('content-type') ?? '';
  return {
    status: response.status,
    headers: response.headers,
    body: type.includes('json') && text ? JSON.parse(text) : text,
  };
}

/** The JSON pointers a 400 problem names. */
export function pathsOf(reply: Reply): string[] {
  return ((reply.body?.errors ?? []) as { path: string }[]).map((error) => error.path);
}
