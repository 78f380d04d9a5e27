import type { OpenApiDocument } from './spec.js';

export const REDACTED = '(redacted)';

/** Where secrets travel: header names, query parameter names and body member names. */
export interface Secrets {
  headers: ReadonlySet<string>;
  query: ReadonlySet<string>;
  members: ReadonlySet<string>;
}

// Credentials whatever the contract says: a recorder may sit in front of a gateway that wants its own.
const HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'api-key'];
const SECRET_HEADER = /(?:^|-)(?:api-?key|token|secret|password|signature)$/i;
const SECRET_PARAMETER =
  /^(?:api[-_]?key|key|(?:access|id|refresh)?[-_]?token|auth|password|passwd|secret|client[-_]?secret|signature|sig|x-amz-(?:signature|credential|security-token))$/i;
/** A secret this long is also replaced wherever else the exchange holds it (an echo, a problem's detail); a shorter one only in its place. */
const ECHOED = 8;

/** The contract's secrets: its security schemes' headers, query parameters and cookies, and the members it marks `x-secret: true`. */
export function contractSecrets(spec: OpenApiDocument): Secrets {
  const headers = new Set(HEADERS);
  const query = new Set<string>();
  const members = new Set<string>();
  const schemes = (spec.components as { securitySchemes?: Record<string, Record<string, string>> }).securitySchemes;
  for (const scheme of Object.values(schemes ?? {})) {
    if (scheme.type !== 'apiKey') headers.add('authorization');
    else if (scheme.in === 'header' && scheme.name) headers.add(scheme.name.toLowerCase());
    else if (scheme.in === 'query' && scheme.name) query.add(scheme.name);
    else if (scheme.in === 'cookie') headers.add('cookie');
  }
  const walk = (node: unknown): void => {
    if (typeof node !== 'object' || node === null) return;
    const properties = (node as { properties?: unknown }).properties;
    if (typeof properties === 'object' && properties !== null)
      for (const [name, schema] of Object.entries(properties))
        if ((schema as Record<string, unknown> | null)?.['x-secret'] === true) members.add(name);
    Object.values(node).forEach(walk);
  };
  walk(spec);
  return { headers, query, members };
}

/** What one exchange carries that may hold secrets. */
export interface Exposed {
  path: string;
  requestHeaders: Record<string, string>;
  requestBody?: unknown;
  responseHeaders: Record<string, string>;
  responseBody?: unknown;
}

/** Redacts an exchange: secret headers, query parameters and members (in JSON, in JSON-like text and in form
 * bodies) become REDACTED, and each secret value found is replaced wherever else the exchange repeats it. */
export function redactor(secrets: Secrets): (exchange: Exposed) => Exposed {
  const isSecretHeader = (name: string) => secrets.headers.has(name) || SECRET_HEADER.test(name);
  const isSecretParameter = (name: string) =>
    secrets.query.has(name) || secrets.members.has(name) || SECRET_PARAMETER.test(name);
  const names = [...secrets.members].map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
  const member = names ? new RegExp(`("(?:${names})"\\s*:\\s*)"((?:[^"\\\\]|\\\\.)*)"`, 'g') : undefined;
  const parameter = /((?:^|[?&;\s])([^=&?;\s"']+)=)([^&;\s#"'<]*)/g;

  return (exchange) => {
    const known = new Set<string>();
    const learn = (value: string) => value && known.add(value);
    const inText = (text: string): string => {
      let result = member
        ? text.replace(member, (_all, head: string, value: string) => (learn(value), `${head}"${REDACTED}"`))
        : text;
      result = result.replace(parameter, (all, head: string, name: string, value: string) =>
        isSecretParameter(safeDecode(name)) ? (learn(safeDecode(value)), learn(value), head + REDACTED) : all,
      );
      return result;
    };
    const inHeaders = (headers: Record<string, string>) =>
      Object.fromEntries(
        Object.entries(headers).map(([name, value]) => {
          if (!isSecretHeader(name)) return [name, value];
          credentialsOf(name, value).forEach(learn);
          return [name, REDACTED];
        }),
      );
    const inBody = (body: unknown): unknown => {
      if (typeof body === 'string') return inText(body);
      if (Array.isArray(body)) return body.map(inBody);
      if (typeof body !== 'object' || body === null) return body;
      return Object.fromEntries(
        Object.entries(body).map(([name, value]) => {
          if (!secrets.members.has(name)) return [name, inBody(value)];
          if (typeof value === 'string') learn(value);
          return [name, REDACTED];
        }),
      );
    };
    // First in their places, learning the values; then those values wherever else they are repeated.
    const found: Exposed = {
      path: inText(exchange.path),
      requestHeaders: inHeaders(exchange.requestHeaders),
      responseHeaders: inHeaders(exchange.responseHeaders),
      ...(exchange.requestBody === undefined ? {} : { requestBody: inBody(exchange.requestBody) }),
      ...(exchange.responseBody === undefined ? {} : { responseBody: inBody(exchange.responseBody) }),
    };
    const echoed = [...known].filter((value) => value.length >= ECHOED && value !== REDACTED);
    if (!echoed.length) return found;
    const replace = (value: unknown): unknown => {
      if (typeof value === 'string') return echoed.reduce((text, secret) => text.replaceAll(secret, REDACTED), value);
      if (Array.isArray(value)) return value.map(replace);
      if (typeof value !== 'object' || value === null) return value;
      return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, replace(item)]));
    };
    return replace(found) as Exposed;
  };
}

/** The secret parts of a credential header: the whole value, the credentials after an auth scheme, each cookie's value. */
function credentialsOf(name: string, value: string): string[] {
  if (name === 'cookie') return [value, ...value.split(';').map((pair) => pair.slice(pair.indexOf('=') + 1).trim())];
  if (name === 'set-cookie')
    return [value, ...value.split(/,(?=[^;,]+=)/).map((cookie) => /^[^=;]*=([^;]*)/.exec(cookie)?.[1] ?? '')];
  const space = value.indexOf(' ');
  return space > 0 ? [value, value.slice(space + 1).trim()] : [value];
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return text;
  }
}

/** Headers as shown where they are kept: each that carries a credential as REDACTED. */
export type RedactHeaders = (headers: Record<string, string>) => Record<string, string>;

/** RedactHeaders for the sandbox's request log: the headers `secrets` names (contractSecrets), and those named as credentials. */
export function headerRedactor({ headers: names }: Pick<Secrets, 'headers'>): RedactHeaders {
  const isSecret = (name: string) => names.has(name) || SECRET_HEADER.test(name);
  return (headers) =>
    Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, isSecret(name) ? REDACTED : value]));
}
