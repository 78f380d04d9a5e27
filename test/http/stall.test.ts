import { expect } from 'chai';
import { contractAjv } from '../../src/contract/contract-ajv.js';
import { loadSpec } from '../../src/contract/spec.js';
import { monitorLoop } from '../helpers/loop-monitor.js';
import { startService, type Service } from '../helpers/service.js';
import { collectGarbage, measureStall, parseCost, WORST_BODIES } from '../helpers/worst-bodies.js';

// How long a step may hold the event loop is a speed target (50 ms), printed by `npm run bench` (test/bench/stall.ts).
// This test holds a bound no machine's speed can fail yet a regression cannot pass: CPU time of the thread, at most
// BOUND_MS or three times parsing the body, whichever is more. The last test shows a validator that lists every
// error of the worst body (what FULL_CHECK_VALUES prevents) goes past it.
const BOUND_MS = 200;
const boundFor = (body: string) => Math.max(BOUND_MS, 3 * parseCost(body));

describe('no long stalls: the largest bodies within the limit', function () {
  this.timeout(60_000);
  let service: Service;
  // Response validation is a test-only cost on top of what the service does; it stays off here.
  before(async () => {
    service = await startService({ validateResponses: false });
  });
  after(async () => {
    await service.close();
  });

  for (const worst of WORST_BODIES) {
    it(`when ${worst.name} arrives, then no step holds the event loop over ${BOUND_MS} ms of CPU (or three times parsing the body), the answer is short, and /healthz answers throughout`, async () => {
      expect(Buffer.byteLength(worst.body)).to.be.within(1, 1024 * 1024);
      const bound = boundFor(worst.body);
      const { reply, longestMs, pings } = await measureStall(service, worst);
      expect(reply.status, reply.text.slice(0, 300)).to.be.oneOf([200, 201, 400, 413]);
      // At most 50 errors, each a path and a sentence.
      if (reply.status === 400) expect(Buffer.byteLength(reply.text), 'the problem is short').to.be.below(32 * 1024);
      expect(pings.length, '/healthz was asked while the body was handled').to.be.above(0);
      expect(
        pings.every((status) => status === 200),
        'every /healthz ping answered 200',
      ).to.equal(true);
      expect(longestMs, `longest step (CPU ms; bound ${bound.toFixed(1)})`).to.be.at.most(bound);
    });
  }

  it('the bound catches what it is for: listing every error of the worst body holds the loop well past it', async () => {
    const worst = WORST_BODIES.find((candidate) => candidate.name.includes('blocks that are each 1'));
    expect(worst, 'the worst body of blocks that are each 1').to.not.equal(undefined);
    const ajv = contractAjv(await loadSpec(), { allErrors: true });
    const validate = ajv.getSchema('#/components/schemas/CreateStreamRequest');
    expect(validate, 'the contract has CreateStreamRequest').to.not.equal(undefined);
    const body: unknown = JSON.parse(worst!.body);
    collectGarbage();
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const monitor = monitorLoop();
    await nextTurn();
    const valid = validate!(body);
    await nextTurn();
    await nextTurn();
    const longestMs = monitor.stop();
    expect(valid).to.equal(false);
    expect(validate!.errors!.length, 'an error per block at least').to.be.above(500_000);
    expect(longestMs).to.be.above(boundFor(worst!.body));
  });
});
