// One error type and a catalogue of RFC 9457 problem kinds; serialised only at
// the edge, by the error handler.

export interface FieldError {
  path: string;
  message: string;
}

/** Every kind of problem the service sends; openapi.yaml's ProblemType lists the same (test/unit/problem-types.test.ts). */
export const catalogue = {
  'validation-failed': { status: 400, title: 'The request breaks the contract' },
  'malformed-json': { status: 400, title: 'The body is not valid JSON' },
  'malformed-request': { status: 400, title: 'The request is not well-formed HTTP' },
  unauthenticated: { status: 401, title: 'Authentication is required' },
  'quota-exceeded': { status: 403, title: 'A quota is used up' },
  'origin-not-allowed': { status: 403, title: "This page's origin may not call the service" },
  'not-found': { status: 404, title: 'Not found' },
  'method-not-allowed': { status: 405, title: 'Method not allowed' },
  'request-timeout': { status: 408, title: 'The request took too long to arrive' },
  conflict: { status: 409, title: 'The request conflicts with the stored state' },
  'idempotency-key-in-flight': { status: 409, title: 'A request with this idempotency key is still being served' },
  'precondition-failed': { status: 412, title: 'A precondition does not hold' },
  'payload-too-large': { status: 413, title: 'The body is too large' },
  'document-too-large': { status: 413, title: 'The document would be too large' },
  'unsupported-media-type': { status: 415, title: 'Unsupported media type' },
  'range-not-satisfiable': { status: 416, title: 'The range is not satisfiable' },
  'host-not-allowed': { status: 421, title: 'This Host name is not served' },
  'idempotency-key-reused': { status: 422, title: 'The idempotency key was used for another request' },
  'headers-too-large': { status: 431, title: "The request's headers are too large" },
  'rate-limited': { status: 429, title: 'Too many requests' },
  internal: { status: 500, title: 'Internal error' },
  unavailable: { status: 503, title: 'The service cannot serve this now' },
  overloaded: { status: 503, title: 'The service is overloaded' },
  stopping: { status: 503, title: 'This process is shutting down' },
  'sessions-in-use': { status: 503, title: "The sandbox's sessions are all in use" },
  'storage-full': { status: 507, title: 'The store is full' },
} as const;

export type ProblemKind = keyof typeof catalogue;

export interface ProblemOptions {
  errors?: FieldError[];
  headers?: Record<string, string>;
  /** Extension members of the problem document, such as a draft's `updatedAt`. */
  extensions?: Record<string, unknown>;
  /** What led to it, for the log; never sent. */
  cause?: unknown;
}

export class HttpProblem extends Error {
  readonly kind: ProblemKind;
  readonly status: number;
  readonly title: string;
  readonly options: ProblemOptions;

  constructor(kind: ProblemKind, detail: string, options: ProblemOptions = {}) {
    super(detail, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'HttpProblem';
    this.kind = kind;
    this.status = catalogue[kind].status;
    this.title = catalogue[kind].title;
    this.options = options;
  }

  toJSON(): Record<string, unknown> {
    return {
      ...this.options.extensions,
      type: `urn:problem:collab:${this.kind}`,
      title: this.title,
      status: this.status,
      detail: this.message,
      ...(this.options.errors ? { errors: this.options.errors } : {}),
    };
  }
}
