// Written by hand; scripts/client/extras.ts copies it into generated/client/, where createCollabClient sends every call through it.

/** How a call is tried again after 429, 503 or a network error. `false`: never. */
export interface RetryOptions {
  /** Tries in all, the first included (default 3; 1 never retries). */
  attempts?: number;
  /** The first wait when the answer has no Retry-After, doubled on each try, with jitter (default 250 ms). */
  backoffMs?: number;
  /** The longest wait: an answer asking for longer (Retry-After) is returned as it is (default 10 s). */
  maxDelayMs?: number;
  /** Told before each wait: to log it, or to show "retrying…". */
  onRetry?: (retry: RetryEvent) => void;
}

/** One retry about to happen. */
export interface RetryEvent {
  /** The try that failed: 1 for the first. */
  attempt: number;
  delayMs: number;
  method: string;
  url: string;
  /** The status that is retried (429 or 503), or the network error. */
  status?: number;
  error?: unknown;
}

/** A fetch of a Request, as openapi-fetch calls it. */
export type Fetch = (request: Request) => Promise<Response>;

const DEFAULTS = { attempts: 3, backoffMs: 250, maxDelayMs: 10_000 };
/** Statuses that say "nothing was done, try later": the rate limit and shedding or an unavailable store. */
const RETRIED_STATUSES = [429, 503];
/** Methods a server may get twice with the effect of once (RFC 9110 §9.2.2). PATCH is not among them. */
const IDEMPOTENT_METHODS = ['GET', 'HEAD', 'OPTIONS', 'PUT', 'DELETE'];

/** Whether a request may be sent again: an idempotent method, or a POST carrying an Idempotency-Key. */
export function isSafeToRetry(request: Request): boolean {
  const method = request.method.toUpperCase();
  return IDEMPOTENT_METHODS.includes(method) || (method === 'POST' && request.headers.has('Idempotency-Key'));
}

/**
 * A fetch that sends a request again after 429, 503 or a network error where that is safe, at most
 * `attempts` times in all: waiting as Retry-After says (seconds or a date), else a growing backoff.
 * Each try is a copy of the same Request, so a POST keeps its Idempotency-Key; its signal stops the waits too.
 * `send` is the fetch underneath (globalThis.fetch when the call is made, so MSW in Node sees it).
 */
export function retrying(options: RetryOptions | false = {}, send?: Fetch): Fetch {
  const settings = { ...DEFAULTS, ...(options || {}) };
  return async (request) => {
    const attempts = options !== false && isSafeToRetry(request) ? Math.max(1, Math.floor(settings.attempts)) : 1;
    const { method, url, signal } = request;
    for (let attempt = 1; ; attempt++) {
      let retry: RetryEvent;
      try {
        const response = await (send ?? globalThis.fetch)(attempt < attempts ? request.clone() : request);
        if (attempt >= attempts || !RETRIED_STATUSES.includes(response.status)) return response;
        const delayMs = retryAfterMs(response.headers.get('Retry-After')) ?? backoffMs(attempt, settings);
        if (delayMs > settings.maxDelayMs) return response;
        await response.body?.cancel(); // the connection is free for the next try
        retry = { attempt, delayMs, method, url, status: response.status };
      } catch (error) {
        if (signal.aborted || attempt >= attempts || !(error instanceof TypeError)) throw error;
        retry = { attempt, delayMs: backoffMs(attempt, settings), method, url, error };
      }
      settings.onRetry?.(retry);
      await wait(retry.delayMs, signal);
    }
  };
}

/** Retry-After in milliseconds: delay-seconds or an HTTP-date (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function retryAfterMs(value: string | null): number | undefined {
  if (value === null) return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/** Half the doubled backoff plus up to half again at random, so clients refused together do not return together. */
function backoffMs(attempt: number, settings: { backoffMs: number; maxDelayMs: number }): number {
  const full = Math.min(settings.maxDelayMs, settings.backoffMs * 2 ** (attempt - 1));
  return Math.round(full / 2 + (Math.random() * full) / 2);
}

function wait(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const abort = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', abort);
      resolve();
    }, ms);
    signal.addEventListener('abort', abort, { once: true });
  });
}
