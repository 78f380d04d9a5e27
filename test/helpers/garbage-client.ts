// One user's refused requests, from a process of its own (so its work does not slow the measuring one): GARBAGE_CONNECTIONS
// connections send 1 MB bodies of empty objects, `{"patch":{"x":[{},{},…]}}` (over the 256 KiB a document may hold, so
// refused with 413 once parsed, at 21 times their JSON in the heap, or shed with 503), to GARBAGE_URL as GARBAGE_TOKEN's
// user for GARBAGE_MS, then it prints how they were answered.
import { request } from 'node:http';

const { GARBAGE_URL = '', GARBAGE_TOKEN = '', GARBAGE_MS = '5000', GARBAGE_CONNECTIONS = '8' } = process.env;
const body = `{"patch":{"x":[${Array(333_330).fill('{}').join(',')}]}}`;

function send(n: number): Promise<number> {
  return new Promise((resolve) => {
    const req = request(
      `${GARBAGE_URL}/api/identity/settings/garbage-${n % 50}`,
      { method: 'PATCH', headers: { authorization: `Bearer ${GARBAGE_TOKEN}`, 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(body);
  });
}

const until = Date.now() + Number(GARBAGE_MS);
const answered: Record<number, number> = {};
let sent = 0;
await Promise.all(
  Array.from({ length: Number(GARBAGE_CONNECTIONS) }, async () => {
    while (Date.now() < until) {
      const status = await send(sent++);
      answered[status] = (answered[status] ?? 0) + 1;
    }
  }),
);
process.stdout.write(`${JSON.stringify(answered)}\n`);
