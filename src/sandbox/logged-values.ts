// What the request log keeps of a body and a path: bounded, whatever was sent.

/** A body larger than this is logged as a note of its size. */
export const LOGGED_BODY_BYTES = 16_384;
/** A path and query longer than this is cut. */
export const LOGGED_PATH_CHARS = 2_048;

/** The body's JSON text as logged, or a note of its size when it is over LOGGED_BODY_BYTES: as declared, or measured. */
export function loggedBody(body: unknown, declaredBytes: number | undefined): string | undefined {
  if (declaredBytes !== undefined && declaredBytes > LOGGED_BODY_BYTES) return note(declaredBytes);
  const text = JSON.stringify(body) as string | undefined;
  const bytes = text === undefined ? 0 : Buffer.byteLength(text);
  return bytes > LOGGED_BODY_BYTES ? note(bytes) : text;
}

const note = (bytes: number) => JSON.stringify(`(${bytes} bytes of JSON, not kept)`);

/** Whether a logged body is loggedBody's note of a body not kept. */
export const isNote = (body: unknown): boolean =>
  typeof body === 'string' && /^\(\d+ bytes of JSON, not kept\)$/.test(body);

/** The path as logged: itself, or its first LOGGED_PATH_CHARS characters and a note of its length. */
export function loggedPath(path: string): string {
  if (path.length <= LOGGED_PATH_CHARS) return path;
  // Copied through a buffer: a slice would keep the whole path alive behind it.
  return Buffer.from(`${path.slice(0, LOGGED_PATH_CHARS)}…(${path.length} characters)`).toString();
}
