// What one request's steps hand each other, on res.locals under plain names: each set by one step and read by later
// ones, or by the request's log line once it closes. Declared here, in the lowest room that reads any (the log line),
// into express's own Locals, so `res.locals.<name>` is typed in every room above; a room above declares its own beside
// these the same way (scope: src/edge/scope.ts; the sandbox's: src/sandbox/controls.ts).

/** The values of one request on res.locals. */
export interface RequestLocals {
  /** The caller: set by authenticate (src/edge/authenticate.ts), read by callerOf and the log line. */
  userId?: string;
  /** The values (objects, arrays, scalars) in the body: counted by limitBodyDepth, read by the validator. */
  valuesInBody?: number;
  /** The body was checked up to its first error only (FULL_CHECK_VALUES): set by the validator, read by the 400. */
  checkedToFirstError?: boolean;
  /** The body made into JSON once for this response (src/edge/json-once.ts): res.json sends its text. */
  json?: { body: unknown; text: string };
  /** The problem document the error handler answered with, for whoever reports the request (the sandbox's history). */
  problem?: Record<string, unknown>;
  /** The server-side error behind the answer (reportError): the log line logs it with its stack. */
  error?: Error;
  /** The failure was chosen on purpose (the sandbox's failureRate): the log line is info, expectations leave it out. */
  failedOnPurpose?: boolean;
  /** A 5xx refusal by design (overloaded, no sandbox session free, stopping), no failure: the log line is a warning, its problem's type named. */
  refused?: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- express types res.locals as this global interface
  namespace Express {
    // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges RequestLocals into express's Locals
    interface Locals extends RequestLocals {}
  }
}
