// The requests behind the error examples of retries and conditional requests (Idempotency-Key, If-Match).
import { call, type Reply } from '../../helpers/client.js';
import { text, uuid } from '../../helpers/factories.js';
import type { Services } from './requests.js';

export const retryRequests: Record<string, (services: Services) => Promise<Reply>> = {
  'idempotency-key-invalid.json': ({ plain }) =>
    call(plain, 'POST', '/api/streams', { body: { title: 'Launch' }, headers: { 'idempotency-key': text(256) } }),
  'idempotency-key-reused.json': async ({ plain }) => {
    const key = uuid();
    await call(plain, 'POST', '/api/streams', { body: { title: 'Launch' }, headers: { 'idempotency-key': key } });
    return call(plain, 'POST', '/api/streams', { body: { title: 'Another' }, headers: { 'idempotency-key': key } });
  },
  'idempotency-key-in-flight.json': async ({ held }) => {
    const key = uuid();
    const gate = held.arm();
    const first = call(held, 'POST', '/api/streams', {
      body: { title: 'Launch' },
      headers: { 'idempotency-key': key },
    });
    await gate.reached;
    const repeat = await call(held, 'POST', '/api/streams', {
      body: { title: 'Launch' },
      headers: { 'idempotency-key': key },
    });
    gate.release();
    await first;
    return repeat;
  },
  'precondition-failed.json': async ({ plain }) => {
    const first = await call(plain, 'PATCH', '/api/streams/nav', { body: { sort: 'recent' } });
    await call(plain, 'PATCH', '/api/streams/nav', { body: { sort: 'name' } });
    return call(plain, 'PATCH', '/api/streams/nav', {
      body: { sort: 'unread' },
      headers: { 'if-match': first.headers.get('etag')! },
    });
  },
};
