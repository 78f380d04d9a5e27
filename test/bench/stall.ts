// npm run bench:stall (and the end of npm run bench): the longest step the event loop takes while the service (in this
// process, as test/http/stall.test.ts runs it) handles each of the worst 1 MiB bodies, in CPU time of its thread. Target: 50 ms.
import { row } from './harness.js';
import { startService } from '../helpers/service.js';
import { measureStall, parseCost, WORST_BODIES } from '../helpers/worst-bodies.js';

const TARGET_MS = 50;
const ROUNDS = 3;

const service = await startService({ validateResponses: false });
console.log(
  `The longest event-loop step while one worst body is handled (CPU ms of the service's thread, median of ${ROUNDS}); target: at most ${TARGET_MS} ms, or twice parsing the body`,
);
console.log('');
console.log(row(['body', 'answer', 'parse ms', 'longest step ms', 'target met']));
console.log(row(['---', '---', '---', '---', '---']));
let met = 0;
for (const worst of WORST_BODIES) {
  const stalls = [];
  for (let round = 0; round < ROUNDS; round++) stalls.push(await measureStall(service, worst));
  const longest = stalls.map((stall) => stall.longestMs).sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!;
  const parse = parseCost(worst.body);
  const ok = longest <= Math.max(TARGET_MS, 2 * parse);
  if (ok) met++;
  console.log(
    row([worst.name, String(stalls[0]!.reply.status), parse.toFixed(1), longest.toFixed(1), ok ? 'yes' : 'no']),
  );
}
console.log('');
console.log(`${met} of ${WORST_BODIES.length} bodies within the target`);
await service.close();
