import { expect } from 'chai';
import { Readiness } from '../../src/features/health/readiness.js';
import { HttpProblem } from '../../src/errors/problem.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import type { Store } from '../../src/store/store.js';

const GRACE_MS = 30_000;

/** A store whose ping does what `answer` says now, counting its pings; and a clock the test moves. */
function scene(answer: 'ok' | 'fail' | 'hang' = 'ok') {
  const state = { answer, pings: 0, now: 1_000_000 };
  const store: Store = {
    ...openMemoryStore(),
    ping: () => {
      state.pings++;
      if (state.answer === 'ok') return Promise.resolve();
      if (state.answer === 'fail') return Promise.reject(new Error('connect ECONNREFUSED'));
      return new Promise<void>(() => {});
    },
  };
  const stopping = { stopping: false };
  const readiness = new Readiness(GRACE_MS, stopping, () => state.now);
  const verdict = () =>
    readiness.check(store).then(
      () => 'ready',
      (error: unknown) => (error instanceof HttpProblem ? error.kind : String(error)),
    );
  return { state, store, stopping, readiness, verdict };
}

describe('Readiness (GET /readyz): not ready once the store has been unusable for READINESS_STORE_GRACE', () => {
  it('when the store fails, then it stays ready until the grace has passed since the first failure, then is unavailable', async () => {
    const { state, verdict } = scene('fail');
    expect(await verdict()).to.equal('ready');
    state.now += GRACE_MS - 1;
    expect(await verdict()).to.equal('ready');
    state.now += 1;
    expect(await verdict()).to.equal('unavailable');
  });

  it('when the store answers once between failures, then the grace starts again from the next failure', async () => {
    const { state, verdict } = scene('fail');
    expect(await verdict()).to.equal('ready');
    state.now += GRACE_MS - 1;
    state.answer = 'ok';
    expect(await verdict()).to.equal('ready');
    state.answer = 'fail';
    state.now += 1_000;
    expect(await verdict()).to.equal('ready');
    state.now += GRACE_MS - 1;
    expect(await verdict()).to.equal('ready');
    state.now += 1;
    expect(await verdict()).to.equal('unavailable');
  });

  it('when the store does not answer, then a probe answers without it, ready within the grace and unavailable past it, one ping at a time', async () => {
    const { state, verdict } = scene('hang');
    expect(await verdict()).to.equal('ready');
    expect(await verdict()).to.equal('ready');
    expect(state.pings, 'the first ping is still awaited').to.equal(1);
    state.now += GRACE_MS;
    expect(await verdict()).to.equal('unavailable');
  });

  it('when a ping never settles, then it is given up and the next probe pings anew; the store back, ready again', async () => {
    const { state, verdict } = scene('hang');
    expect(await verdict()).to.equal('ready');
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // READY_TIMEOUT_MS: the ping is given up
    state.answer = 'ok';
    expect(await verdict()).to.equal('ready');
    expect(state.pings).to.equal(2);
    state.now += GRACE_MS;
    expect(await verdict()).to.equal('ready');
  });

  it('when the grace is 0, then the first failure makes it unavailable', async () => {
    const { state, store } = scene('fail');
    const readiness = new Readiness(0, { stopping: false }, () => state.now);
    const failure = await readiness.check(store).catch((error: unknown) => error);
    expect(failure).to.be.instanceOf(HttpProblem).and.to.include({ kind: 'unavailable' });
    expect((failure as HttpProblem).cause).to.have.property('message', 'connect ECONNREFUSED');
  });

  it('when the process is stopping, then it is not ready whatever the store, and service_ready reads 0', async () => {
    const { stopping, readiness, store, verdict } = scene('ok');
    expect(readiness.ready(store)).to.equal(true);
    stopping.stopping = true;
    expect(await verdict()).to.equal('stopping');
    expect(readiness.ready(store)).to.equal(false);
  });

  it('when service_ready is read, then it gives what the probes found, and never pings the store itself', async () => {
    const { state, readiness, store, verdict } = scene('fail');
    expect(readiness.ready(store), 'nothing known yet').to.equal(true);
    expect(state.pings).to.equal(0);
    expect(await verdict()).to.equal('ready');
    state.now += GRACE_MS;
    expect(readiness.ready(store), 'the grace has passed since the failure a probe found').to.equal(false);
    expect(state.pings).to.equal(1);
  });
});
