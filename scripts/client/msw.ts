import type { Contract } from '../../src/contract/declared-responses.js';

/**
 * generated/client/msw.ts: an MSW handler for every operation, answering as the
 * Prism mock does from the same examples: the first success status and its first
 * example; `Prefer: code=…, example=…` picks another declared response.
 */
export function mswFile({ operations }: Contract): string {
  // Literal paths first, so /api/streams/nav is not taken for /api/streams/{streamId}.
  const ordered = [...operations].sort((a, b) => (a.path.match(/\{/g) ?? []).length - (b.path.match(/\{/g) ?? []).length);
  const table = ordered.map(({ operationId, method, path, responses }) => ({
    operationId,
    method,
    path: path.replace(/\{([^}]+)\}/g, ':$1'),
    responses: responses.map(({ status, mediaType, headers, examples }) => ({ status, ...(mediaType ? { mediaType } : {}), headers, examples })),
  }));
  return `import { http, HttpResponse, type HttpHandler } from 'msw';

interface Declared {
    status: string;
    mediaType?: string;
    headers: Record<string, string>;
    examples: [name: string, value: unknown][];
}

interface Operation {
    operationId: string;
    method: 'get' | 'put' | 'post' | 'patch' | 'delete';
    path: string;
    responses: Declared[];
}

/** Every operation of openapi.yaml with its declared responses and their named examples (mocks/examples). */
export const operations: readonly Operation[] = ${JSON.stringify(table, null, 4)};

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
