import { expect } from 'chai';
import { Batcher, type BatchSteps, type Entry } from '../../src/lib/batcher.js';

type Item = { name: string };
const turns = async (count = 5) => {
  for (let index = 0; index < count; index++) await new Promise((resolve) => setImmediate(resolve));
};

/** A batcher whose runs finish only when the test says so; each run's item names are recorded. */
function controlled(steps: Partial<BatchSteps<Item, string>> = {}) {
  const runs: { names: string[]; batch: Entry<Item, string>[]; finish: (error?: Error) => void }[] = [];
  const batcher = new Batcher<Item, string>({
    run: (batch) =>
      new Promise((resolve, reject) =>
        runs.push({
          names: batch.map((entry) => entry.name),
          batch,
          finish: (error) => {
            if (error) return reject(error);
            for (const entry of batch) entry.resolve(`done ${entry.name}`);
            resolve();
          },
        }),
      ),
    ...steps,
  });
  const add = (...names: string[]) => names.map((name) => batcher.add({ name }));
  return { batcher, runs, add };
}

describe('Batcher (lib/batcher: group commit)', () => {
  it('when items are added in one turn, then they run as one batch, started on the next turn, and each gets its own result', async () => {
    const { runs, add } = controlled();
    const added = add('a', 'b', 'c');
    expect(runs, 'nothing runs in the turn the items came').to.have.length(0);
    await turns();
    expect(runs.map((run) => run.names)).to.deep.equal([['a', 'b', 'c']]);
    runs[0]!.finish();
    expect(await Promise.all(added)).to.deep.equal(['done a', 'done b', 'done c']);
  });

  it('when items arrive while a batch runs, then they wait, and share the next batch, over however many turns they came', async () => {
    const { runs, add } = controlled();
    const added = add('a');
    await turns();
    for (const name of ['b', 'c', 'd']) {
      added.push(...add(name));
      await turns(1);
    }
    expect(runs.map((run) => run.names)).to.deep.equal([['a']]);
    runs[0]!.finish();
    await turns();
    expect(runs.map((run) => run.names)).to.deep.equal([['a'], ['b', 'c', 'd']]);
    runs[1]!.finish();
    expect(await Promise.all(added)).to.deep.equal(['done a', 'done b', 'done c', 'done d']);
  });

  it('when more items wait than the most a batch takes, then they run in batches of at most that many, in the order they came', async () => {
    const { runs, add } = controlled({ maxBatch: 2 });
    const added = add('a', 'b', 'c', 'd', 'e');
    for (let index = 0; index < 3; index++) {
      await turns();
      runs[index]!.finish();
    }
    await Promise.all(added);
    expect(runs.map((run) => run.names)).to.deep.equal([['a', 'b'], ['c', 'd'], ['e']]);
  });

  it('when a run throws, then the items it left unsettled get the error, those it settled keep their result, and the next batch goes on', async () => {
    const { runs, add } = controlled();
    const first = add('a', 'b');
    await turns();
    const second = add('c');
    runs[0]!.batch[0]!.resolve('settled a');
    runs[0]!.finish(new Error('disk full'));
    expect(
      (await Promise.allSettled(first)).map((result) =>
        result.status === 'fulfilled' ? result.value : (result.reason as Error).message,
      ),
    ).to.deep.equal(['settled a', 'disk full']);
    await turns();
    runs[1]!.finish();
    expect(await Promise.all(second)).to.deep.equal(['done c']);
  });

  it('when a batch runs or items wait, then idle() waits for them; it resolves only when nothing is left, after drained()', async () => {
    const events: string[] = [];
    const { batcher, runs, add } = controlled({ drained: () => events.push('drained') });
    expect(batcher.busy).to.equal(false);
    await batcher.idle();
    add('a');
    expect(batcher.busy, 'waiting for the next turn').to.equal(true);
    const idle = batcher.idle().then(() => events.push('idle'));
    await turns();
    add('b');
    runs[0]!.finish();
    await turns();
    expect(events, 'b still runs').to.deep.equal([]);
    runs[1]!.finish();
    await idle;
    expect(events).to.deep.equal(['drained', 'idle']);
    expect(batcher.busy).to.equal(false);
  });

  it('when before() is awaited, then what arrives meanwhile joins the batch it precedes; when it throws, that batch fails with its error', async () => {
    let open = () => {};
    let failing = false;
    const { runs, add } = controlled({
      before: () =>
        failing
          ? Promise.reject(new Error('no room'))
          : new Promise<void>((resolve) => {
              open = resolve;
            }),
    });
    const added = add('a');
    await turns();
    added.push(...add('b'));
    open();
    await turns();
    expect(runs.map((run) => run.names)).to.deep.equal([['a', 'b']]);
    runs[0]!.finish();
    await Promise.all(added);
    failing = true;
    const [refused] = add('c');
    await Promise.resolve(refused).then(
      () => expect.fail('c ran'),
      (error: Error) => expect(error.message).to.equal('no room'),
    );
    expect(runs).to.have.length(1);
  });

  it('when waiting items are withdrawn, then they leave the queue unsettled, and the next batch runs without them', async () => {
    const { batcher, runs, add } = controlled();
    const first = add('a');
    await turns();
    const [b, c, d] = add('b', 'c', 'd');
    const withdrawn = batcher.withdraw((entry) => entry.name !== 'c');
    expect(withdrawn.map((entry) => entry.name)).to.deep.equal(['b', 'd']);
    for (const entry of withdrawn) entry.reject(new Error(`withdrew ${entry.name}`));
    const refused = Promise.allSettled([b, d]);
    runs[0]!.finish();
    await turns();
    expect(runs.map((run) => run.names)).to.deep.equal([['a'], ['c']]);
    runs[1]!.finish();
    expect(await Promise.all([...first, c])).to.deep.equal(['done a', 'done c']);
    expect((await refused).map((result) => result.status)).to.deep.equal(['rejected', 'rejected']);
  });
});
