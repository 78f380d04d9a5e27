import { request } from 'node:http';
import type { Service } from '../../helpers/service.js';
import { sendTo } from '../edge-sweep/wire.js';
import type { ParityCase } from './cases.js';

/** What a server made of a case: 'accept' for any 2xx, else its status, marked when the answer is no problem document. */
export type Outcome = 'accept' | number | `${number} not a problem`;

export const outcomeOf = (status: number, type = ''): Outcome => {
  if (status >= 200 && status < 300) return 'accept';
  return /^application\/problem\+json/.test(type) ? status : `${status} not a problem`;
};

/** One case, each header line as written: fetch would join a name sent twice into one line. */
export async function send(target: Service, parityCase: ParityCase): Promise<Outcome> {
  if (parityCase.wire) {
    const answer = await sendTo(target, parityCase.wire);
    return outcomeOf(answer.status, answer.contentType);
  }
  const { body, contentType, headers = [] } = parityCase;
  const bytes = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const type = contentType ?? (bytes === undefined ? undefined : 'application/json');
  // Given as lines, the headers are all there is: Node adds no Host.
  const lines = [
    ['host', new URL(target.url).host],
    ...Object.entries(target.headers ?? {}),
    ...(type === undefined ? [] : [['content-type', type]]),
    // Content-Length: 0 where there is no body, as fetch sends it; Node would send an empty chunked one.
    ...(['GET', 'HEAD'].includes(parityCase.method)
      ? []
      : [['content-length', String(Buffer.byteLength(bytes ?? ''))]]),
    ...headers,
  ].flat();
  return new Promise((resolve, reject) => {
    const outgoing = request(target.url + parityCase.path, { method: parityCase.method, headers: lines }, (reply) => {
      reply.resume();
      reply.on('end', () => resolve(outcomeOf(reply.statusCode ?? 0, reply.headers['content-type'])));
    });
    outgoing.on('error', reject);
    outgoing.end(bytes);
  });
}
