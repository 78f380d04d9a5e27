import { expect } from 'chai';
import { CommitQueue, type CommitSteps } from '../../src/store/lowdb/engine/commit-queue.js';
import type { Op } from '../../src/store/lowdb/engine/record-text.js';

/** Steps whose appends finish only when the test says so; every event is recorded in order. */
function controlledSteps() {
  const events: string[] = [];
  const appends: { keys: string[]; finish: (error?: Error) => void }[] = [];
  const steps: CommitSteps = {
    persist(ops) {
      const keys = ops.map(([, key]) => key);
      events.push(`append ${keys.join(',')}`);
      return new Promise((resolve, reject) =>
        appends.push({ keys, finish: (error) => (error ? reject(error) : resolve()) }),
      );
    },
    apply: ([, key]) => {
      events.push(`apply ${key}`);
    },
    between: async () => {},
    failure: (error) => error as Error,
  };
  return { events, appends, steps };
}

const op = (key: string): Op => ['readMarkers', key, { value: key }];
const turns = async (count = 5) => {
  for (let index = 0; index < count; index++) await new Promise((resolve) => setImmediate(resolve));
};

describe('the lowdb group commit (CommitQueue)', () => {
  it("when a batch is durable and changes wait, then their append starts before the durable batch's callers hear back", async () => {
    const { events, appends, steps } = controlledSteps();
    const queue = new CommitQueue(steps);
    const first = queue.commit(op('a')).then(() => events.push('answered a'));
    await turns();
    const second = queue.commit(op('b')).then(() => events.push('answered b'));
    appends[0]!.finish();
    await turns();
    expect(events).to.deep.equal(['append a', 'apply a', 'append b', 'answered a']);
    appends[1]!.finish();
    await Promise.all([first, second]);
    expect(events.slice(4)).to.deep.equal(['apply b', 'answered b']);
  });

  it('when an append fails, then its callers and the waiting changes built on them fail, and the durable batch before it still succeeds', async () => {
    const { events, appends, steps } = controlledSteps();
    const queue = new CommitQueue(steps);
    const durable = queue.commit(op('a'));
    await turns();
    const failing = queue.commit(op('b'));
    await turns();
    appends[0]!.finish();
    await turns();
    const builtOnFailing = queue.commit(op('b'));
    const unrelated = queue.commit(op('c'));
    appends[1]!.finish(new Error('disk full'));
    const results = await Promise.allSettled([durable, failing, builtOnFailing]);
    expect(results.map((result) => result.status)).to.deep.equal(['fulfilled', 'rejected', 'rejected']);
    expect(queue.staging(op('b'))).to.equal(undefined);
    await turns();
    expect(appends[2]!.keys).to.deep.equal(['c']);
    appends[2]!.finish();
    await unrelated;
    expect(events).to.not.include('apply b');
  });
});
