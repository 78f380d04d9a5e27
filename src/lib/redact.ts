/** Headers that carry credentials: recorded as REDACTED. */
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie']);
/** Members whose values are secrets wherever they appear (the device registration's push `token`): recorded as REDACTED. */
const SECRET_MEMBERS = new Set(['token']);
export const REDACTED = '(redacted)';

export function redactHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name, SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : value]),
  );
}

export function redactBody(body: unknown): unknown {
  if (Array.isArray(body)) return body.map(redactBody);
  if (typeof body !== 'object' || body === null) return body;
  return Object.fromEntries(
    Object.entries(body).map(([name, value]) => [name, SECRET_MEMBERS.has(name) ? REDACTED : redactBody(value)]),
  );
}
