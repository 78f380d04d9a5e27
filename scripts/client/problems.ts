import type { Contract } from '../../src/contract/declared-responses.js';

/** generated/client/problems.ts: each operation's declared problems by status, and problemOf typed by them. */
export function problemsFile({ operations }: Contract): string {
  const errorsOf = (responses: Contract['operations'][number]['responses']) =>
    responses.filter((response) => /^[45]\d\d$/.test(response.status));
  const types = new Set<string>(['Problem']);
  const entries = operations.map(({ operationId, responses }) => {
    const statuses = errorsOf(responses).map((response) => {
      const type = response.schemaName ?? 'Problem';
      types.add(type);
      return `${response.status}: ${type};`;
    });
    return `    ${operationId}: { ${statuses.join(' ')} };`;
  });
  const declared = operations.map(
    ({ operationId, responses }) =>
      `    ${operationId}: [${errorsOf(responses)
        .map((response) => response.status)
        .join(', ')}],`,
  );
  return `import { ResponseError } from './runtime.js';
import type { ${[...types].sort().join(', ')} } from './models/index.js';

/** The problem documents each operation declares, by status. */
export interface OperationProblems {
${entries.join('\n')}
}

export type OperationId = keyof OperationProblems;

/** A problem \`Op\` declares, told apart by \`status\`: \`if (problem?.status === 409) problem.updatedAt\`. */
export type ProblemOf<Op extends OperationId> = {
    [S in keyof OperationProblems[Op]]: OperationProblems[Op][S] & { status: S };
}[keyof OperationProblems[Op]];

const DECLARED: { readonly [Op in OperationId]: readonly number[] } = {
${declared.join('\n')}
};

/**
 * The RFC 9457 problem a failed call was answered with. Given the operation's id,
 * typed by what that operation declares for the status, and undefined when the
 * status is not one it declares; undefined too when \`error\` is not an HTTP error
 * with a problem body (\`application/problem+json\` whose \`status\` is the response's).
 */
export async function problemOf(error: unknown): Promise<Problem | undefined>;
export async function problemOf<Op extends OperationId>(error: unknown, operationId: Op): Promise<ProblemOf<Op> | undefined>;
export async function problemOf(error: unknown, operationId?: OperationId): Promise<Problem | undefined> {
    if (!(error instanceof ResponseError)) return undefined;
    const { response } = error;
    if (!(response.headers.get('content-type') ?? '').startsWith('application/problem+json')) return undefined;
    if (operationId !== undefined && !(Object.hasOwn(DECLARED, operationId) && DECLARED[operationId].includes(response.status))) return undefined;
    const body: unknown = await response.clone().json().catch(() => undefined);
    return isProblem(body) && body.status === response.status ? body : undefined;
}

function isProblem(body: unknown): body is Problem {
    if (typeof body !== 'object' || body === null) return false;
    const { type, title, status } = body as Record<string, unknown>;
    return typeof type === 'string' && typeof title === 'string' && typeof status === 'number';
}
`;
}
