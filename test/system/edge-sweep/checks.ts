// What every answer of the sweep must be: as its rule says, a status its operation declares, an error a problem of
// the catalogue with the headers declared required; and alike on the service and the sandbox.
import { catalogue } from '../../../src/errors/problem.js';
import type { ExampleRequest } from '../../helpers/example-requests.js';
import type { EdgeCase } from './edge-case.js';
import type { Answer } from './wire.js';

/** A case's answer, and its twin's where its rule compares it with one. */
export interface Sent {
  answer: Answer;
  twin?: Answer;
}

type Response = ExampleRequest['responses'][number];

export const words = ({ status, type }: Answer): string => (type === undefined ? String(status) : `${status} ${type}`);
const isProblem = (answer: Answer) => /^application\/problem\+json/.test(answer.contentType);
const sameOutcome = (one: Answer, other: Answer) =>
  (one.status >= 200 && one.status < 300 && other.status >= 200 && other.status < 300) ||
  (one.status === other.status && one.type === other.type);

/** What the contract declares for the case: its method's operation's responses, or for a method the path does not serve the refusals all its operations declare. */
export function declaredResponses(edgeCase: EdgeCase): Response[] {
  if (edgeCase.unnamed) return [{ status: '404', headers: [] }];
  const { method } = edgeCase.request;
  const { siblings } = edgeCase.operation;
  const served = siblings.find((sibling) => sibling.method === (method === 'HEAD' ? 'GET' : method));
  if (served) return served.responses;
  return (siblings[0]?.responses ?? []).filter(
    (response) =>
      Number(response.status) >= 400 &&
      siblings.every((sibling) => sibling.responses.some((other) => other.status === response.status)),
  );
}

/** Where the answer is not what the case's rule says it is. */
export function ruleFaults(edgeCase: EdgeCase, { answer, twin }: Sent): string[] {
  const { expect } = edgeCase;
  if (expect === 'declared') return [];
  if ('twin' in expect) {
    // A HEAD's answer has no body to name its problem: its status alone is compared with its GET's.
    const head = edgeCase.request.method === 'HEAD';
    const same = twin && (head ? answer.status === twin.status : sameOutcome(answer, twin));
    const faults = same ? [] : [`${words(answer)}, but without the edge ${twin ? words(twin) : 'nothing'}`];
    return head && answer.body !== '' ? [...faults, 'a HEAD answered with a body'] : faults;
  }
  const status = catalogue[expect.problem].status;
  const faults = [];
  if (answer.status !== status || (edgeCase.request.method !== 'HEAD' && answer.type !== expect.problem))
    faults.push(`${words(answer)}, not ${status} ${expect.problem}`);
  // The pointer is asked of the problem it should be only (a HEAD's has no body to name it).
  const { pointer } = expect;
  if (faults.length === 0 && pointer && edgeCase.request.method !== 'HEAD' && !answer.pointers.includes(pointer))
    faults.push(`its errors name ${JSON.stringify(answer.pointers)}, not ${pointer}`);
  if (faults.length === 0 && expect.detail && !answer.detail?.includes(expect.detail))
    faults.push(`its detail ${JSON.stringify(answer.detail)} does not say ${expect.detail}`);
  return faults;
}

/** Where the answer breaks the contract: a status not declared, an error no problem of the catalogue, a required header missing. */
export function contractFaults(
  edgeCase: EdgeCase,
  answer: Answer,
  options: { types?: boolean; unchecked?: string[] } = {},
): string[] {
  const declared = declaredResponses(edgeCase).find((response) => response.status === String(answer.status));
  if (!declared) return [`${words(answer)}, which the contract does not declare here`];
  const faults: string[] = [];
  if (answer.status >= 400 && !isProblem(answer))
    faults.push(`${answer.status} as ${answer.contentType || 'no type'}, not a problem`);
  const checkType = options.types !== false && answer.status >= 400 && edgeCase.request.method !== 'HEAD';
  if (checkType && catalogue[answer.type as keyof typeof catalogue]?.status !== answer.status)
    faults.push(`${answer.status} of type ${answer.type ?? 'none'}, which the catalogue does not give that status`);
  const required = declared.headers.filter((each) => each.required && !options.unchecked?.includes(each.name));
  for (const header of required)
    if (!answer.headers.has(header.name.toLowerCase()))
      faults.push(`${answer.status} without ${header.name}, declared required`);
  return faults;
}

/** Where the sandbox, the service in memory, answered otherwise than the service. */
export function alikeFaults(service: Answer, sandbox: Answer): string[] {
  return service.status === sandbox.status && service.type === sandbox.type
    ? []
    : [`the service ${words(service)}, the sandbox ${words(sandbox)}`];
}
