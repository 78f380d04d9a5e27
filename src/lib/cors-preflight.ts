// CORS preflights as the Fetch standard has browsers send and read them (https://fetch.spec.whatwg.org/#cors-preflight-fetch).

/** Methods a browser sends without their being listed in Access-Control-Allow-Methods. */
const SAFELISTED_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** A header's value by its name in any case. */
const valueOf = (headers: Record<string, string> | undefined, name: string): string | undefined =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name)?.[1];

const listOf = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** A CORS preflight: OPTIONS with Origin and Access-Control-Request-Method. */
export function isPreflight(method: string, headers: Record<string, string> | undefined): boolean {
  return (
    method.toUpperCase() === 'OPTIONS' &&
    valueOf(headers, 'origin') !== undefined &&
    valueOf(headers, 'access-control-request-method') !== undefined
  );
}

/** The headers of a preflight as the browser sent it: Origin and what it asked for. */
export function preflightHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  return Object.fromEntries(
    ['origin', 'access-control-request-method', 'access-control-request-headers'].flatMap((name) => {
      const value = valueOf(headers, name);
      return value === undefined ? [] : [[name, value]];
    }),
  );
}

/**
 * Why a browser would not send the request a preflight asked for, given the answer's status and headers; none
 * when it would. Whether the page sends credentials is not in the preflight, so `*` counts as allowing any
 * origin, method and header (but Authorization, which `*` never covers).
 */
export function preflightRefusal(
  asked: Record<string, string> | undefined,
  status: number,
  answer: (name: string) => string | null,
): string | undefined {
  const origin = valueOf(asked, 'origin') ?? '';
  const method = valueOf(asked, 'access-control-request-method') ?? '';
  const wanted = listOf(valueOf(asked, 'access-control-request-headers')).map((name) => name.toLowerCase());
  const what = `the preflight from ${origin} for ${method}${wanted.length ? ` with ${wanted.join(', ')}` : ''}`;
  if (status < 200 || status > 299) return `${what} was answered ${status}`;
  const allowedOrigin = answer('access-control-allow-origin');
  if (allowedOrigin !== '*' && allowedOrigin !== origin)
    return `${what}: Access-Control-Allow-Origin is ${allowedOrigin === null ? 'absent' : allowedOrigin}`;
  const methods = listOf(answer('access-control-allow-methods'));
  if (!SAFELISTED_METHODS.has(method) && !methods.includes(method) && !methods.includes('*'))
    return `${what}: Access-Control-Allow-Methods (${methods.join(', ')}) lacks ${method}`;
  const headers = listOf(answer('access-control-allow-headers')).map((name) => name.toLowerCase());
  const lacking = wanted.filter(
    (name) => !headers.includes(name) && !(headers.includes('*') && name !== 'authorization'),
  );
  if (lacking.length)
    return `${what}: Access-Control-Allow-Headers (${headers.join(', ')}) lacks ${lacking.join(', ')}`;
  return undefined;
}
