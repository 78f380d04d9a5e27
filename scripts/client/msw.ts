import type { Contract } from '../../src/contract/declared-responses.js';

/** An example's body as the generated file holds it: JSON, which is also how the handlers send it. */
const json = (value: unknown, indent?: number): string => JSON.stringify(value ?? null, null, indent);

/** A one-line literal: `{ status: "200", headers: {}, examples: [["ok", "health-ok"]] }`. */
function literal(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (value === null || typeof value !== 'object') return json(value);
  const members = Object.entries(value).map(
    ([key, member]) => `${/^[A-Za-z_$][\w$]*$/.test(key) ? key : json(key)}: ${literal(member)}`,
  );
  return members.length ? `{ ${members.join(', ')} }` : '{}';
}

/**
 * generated/client/msw.ts: an MSW handler for every operation, answering as the
 * Prism mock does from the same examples: the first success status and its first
 * example; `Prefer: code=…, example=…` picks another declared response.
 *
 * Each distinct example body is written once, in `examples`, under the name of the
 * file of `files` (mocks/examples, without `.json`) that holds it; the operations'
 * declared responses name their examples by it. A body no file holds (an example
 * written in openapi.yaml itself) is named `<operationId> <status> <example name>`.
 */
export function mswFile({ operations }: Contract, files: ReadonlyMap<string, unknown>): string {
  const fileOf = new Map<string, string>();
  for (const [name, value] of [...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
    if (!fileOf.has(json(value))) fileOf.set(json(value), name);
  /** Each distinct body by its JSON, with its name. */
  const bodies = new Map<string, string>();
  // Literal paths first, so /api/streams/nav is not taken for /api/streams/{streamId}.
  const ordered = [...operations].sort(
    (a, b) => (a.path.match(/\{/g) ?? []).length - (b.path.match(/\{/g) ?? []).length,
  );
  const rows = ordered.map(({ operationId, method, path, responses }) => {
    const declared = responses.map(({ status, mediaType, headers, examples }) =>
      literal({
        status,
        ...(mediaType ? { mediaType } : {}),
        headers,
        examples: examples.map(([name, value]) => {
          const body = json(value);
          if (!bodies.has(body)) bodies.set(body, fileOf.get(body) ?? `${operationId} ${status} ${name}`);
          return [name, bodies.get(body)];
        }),
      }),
    );
    return `    { operationId: ${json(operationId)}, method: ${json(method)}, path: ${json(path.replace(/\{([^}]+)\}/g, ':$1'))}, responses: [\n${declared.map((response) => `        ${response},\n`).join('')}    ] },`;
  });
  const byName = [...bodies]
    .map(([body, name]) => [name, body] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const entries = byName.map(
    ([name, body]) => `    ${json(name)}: ${JSON.stringify(JSON.parse(body), null, 4).replace(/\n/g, '\n    ')},`,
  );
  return `import { http, HttpResponse, type HttpHandler } from 'msw';

interface Declared<Example = unknown> {
    status: string;
    mediaType?: string;
    headers: Record<string, string>;
    examples: [name: string, value: Example][];
}

interface Operation<Example = unknown> {
    operationId: string;
    method: 'get' | 'put' | 'post' | 'patch' | 'delete';
    path: string;
    responses: Declared<Example>[];
}

/** Every example body of the declared responses, once, by the file of mocks/examples that holds it (without \`.json\`). */
export const examples = {
${entries.join('\n')}
};

/** Every operation of openapi.yaml, literal paths first, with its declared responses: [example name, its body in \`examples\`]. */
const table: readonly Operation<keyof typeof examples>[] = [
${rows.join('\n')}
];

/** Every operation of openapi.yaml with its declared responses and their named examples (mocks/examples). */
export const operations: readonly Operation[] = table.map((operation) => ({
    ...operation,
    responses: operation.responses.map((response) => ({
        ...response,
        examples: response.examples.map(([name, example]): [string, unknown] => [name, examples[example]]),
    })),
}));

/**
 * MSW handlers for every operation of the contract, answering as \`make mock\` does:
 * the first success status with its first named example and declared headers (a
 * list's page is the last: no \`Link\`). \`Prefer: code=409\`, \`Prefer: code=409,
 * example=stale\` or \`Prefer: example=…\` (an example of the success status) pick
 * another declared response; one that is not declared is a 400 naming what is.
 * Requests are not validated. \`baseUrl\` is the API's origin, or \`*\` for any.
 */
export function handlers(baseUrl = '*'): HttpHandler[] {
    return operations.map((operation) => http[operation.method](baseUrl + operation.path, ({ request }) => answer(operation, request.headers.get('prefer'))));
}

function answer(operation: Operation, prefer: string | null): HttpResponse<string> {
    const wanted = new Map<string, string>();
    for (const part of (prefer ?? '').split(/[,;]/)) {
        const [name = '', value = ''] = part.split('=').map((text) => text.trim());
        wanted.set(name, value);
    }
    const code = wanted.get('code');
    const example = wanted.get('example');
    const declared = operation.responses.map((response) => response.status);
    const response = operation.responses.find((response) => response.status === (code ?? declared.find((status) => status.startsWith('2'))));
    if (!response) return refuse(\`code=\${code}: \${operation.operationId} declares \${declared.join(', ')}\`);
    const named = example === undefined ? response.examples[0] : response.examples.find(([name]) => name === example);
    if (example !== undefined && !named) {
        const names = response.examples.map(([name]) => name).join(', ') || 'no named examples';
        return refuse(\`example=\${example}: the \${response.status} of \${operation.operationId} has \${names}\`);
    }
    const headers = new Headers(response.headers);
    if (named === undefined) return new HttpResponse(null, { status: Number(response.status), headers });
    headers.set('Content-Type', response.mediaType ?? 'application/json');
    return new HttpResponse(JSON.stringify(named[1]), { status: Number(response.status), headers });
}

function refuse(message: string): HttpResponse<string> {
    const problem = {
        type: 'urn:problem:collab:validation-failed', title: 'The request breaks the contract', status: 400,
        detail: \`The MSW handlers cannot follow Prefer: \${message}.\`, errors: [{ path: '/headers/prefer', message }],
    };
    return new HttpResponse(JSON.stringify(problem), { status: 400, headers: { 'Content-Type': 'application/problem+json' } });
}
`;
}
