// Where an answer differs from what openapi.yaml declares for it: a status the operation does not declare, a header
// the status does not declare or a required one missing, a problem type its description does not name.
import { EVERYWHERE } from '../../helpers/declared.js';
import type { Declared } from './declared.js';

/** One answer a server sent, as the comparison reads it. */
export interface Answer {
  /** Who sent it and to what: `the service: PUT /api/chat/reads`. */
  where: string;
  method: string;
  status: number;
  /** Header names, lower case. */
  headers: string[];
  /** The problem kind (`not-found`) of a problem document. */
  type?: string;
}

/** Headers no response declares one by one: the transport's, the security headers, CORS (declared once), the sandbox's own. */
const undeclaredHere = (name: string) =>
  EVERYWHERE.has(name) || name.startsWith('access-control-') || name.startsWith('x-sandbox-');

/** The faults of one answer against the responses declared for its request (undefined: none declared at all). */
export function faultsOf(answer: Answer, declared: Map<string, Declared> | undefined): string[] {
  const response = declared?.get(String(answer.status));
  if (!response) return [`${answer.where}: ${answer.status} is not declared`];
  const names = new Set(response.headers.map((header) => header.name.toLowerCase()));
  const faults = answer.headers
    .filter((name) => !undeclaredHere(name) && !names.has(name))
    .map((name) => `${answer.where}: ${answer.status} sent ${name}, which it does not declare`);
  for (const header of response.headers)
    if (header.required && !answer.headers.includes(header.name.toLowerCase()))
      faults.push(`${answer.where}: ${answer.status} without ${header.name}, declared required`);
  // A HEAD's answer has no body to name its type.
  if (answer.status >= 400 && answer.method !== 'HEAD' && !response.types.includes(answer.type ?? ''))
    faults.push(
      `${answer.where}: ${answer.status} ${answer.type ?? '(no problem type)'}, not among the types its description names (${response.types.join(', ') || 'none'})`,
    );
  return faults;
}

/**
 * Optional headers every answer of a status sent: each should be declared required, unless `optional` gives the
 * reason it may be missing, for the header (`Link`) or for it on one status (`Link 200`). Answers are grouped by
 * where they were declared (`GET /a 200`).
 */
export function alwaysSentFaults(
  answers: { key: string; answer: Answer; declared: Declared | undefined }[],
  optional: Record<string, string>,
): string[] {
  const groups = new Map<string, { declared: Declared; sent: string[][] }>();
  for (const { key, answer, declared } of answers) {
    if (!declared) continue;
    const group = groups.get(key) ?? { declared, sent: [] };
    group.sent.push(answer.headers);
    groups.set(key, group);
  }
  return [...groups].flatMap(([key, { declared, sent }]) =>
    declared.headers
      .filter((header) => !header.required && !(header.name in optional))
      .filter((header) => !(`${header.name} ${key.split(' ').pop() ?? ''}` in optional))
      .filter((header) => sent.every((headers) => headers.includes(header.name.toLowerCase())))
      .map((header) => `${key}: ${header.name} was sent every time but is not declared required`),
  );
}
