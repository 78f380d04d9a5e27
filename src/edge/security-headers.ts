import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

/**
 * helmet's headers, with the policy of a JSON API: no content may load and no page
 * may frame a response (OWASP's REST advice). The /docs page sets a policy of its own.
 * They never change, so they are computed once here; helmet's middleware would
 * derive them again on every response.
 */
export const SECURITY_HEADERS: readonly (readonly [name: string, value: string])[] = headersSetBy(
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    xFrameOptions: { action: 'deny' },
  }),
);

type Middleware = (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void;

function headersSetBy(middleware: Middleware): [string, string][] {
  const headers: [string, string][] = [];
  const recorder = {
    setHeader: (name: string, value: unknown) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  let failure: unknown = new Error('helmet did not finish synchronously');
  middleware({} as IncomingMessage, recorder as unknown as ServerResponse, (error) => {
    failure = error;
  });
  if (failure !== undefined) throw failure;
  return headers;
}
