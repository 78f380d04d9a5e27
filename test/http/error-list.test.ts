import { expect } from 'chai';
import { FULL_CHECK_VALUES } from '../../src/contract/validator.js';
import { MAX_LISTED_ERRORS } from '../../src/errors/field-messages.js';
import { call, pathsOf } from '../helpers/client.js';
import { startService, type Service } from '../helpers/service.js';

/** A stream whose members are `bad` wrong values (numbers) after `good` right ones: `values` in all. */
const members = (good: number, bad: number) => ({
  title: 't',
  memberUserIds: [...Array<string>(good).fill('u'), ...Array<number>(bad).fill(1)],
});
/** Values in a `members` body: the object, its title, the array and each member. */
const valuesOf = (good: number, bad: number) => 3 + good + bad;
const memberPaths = (from: number, count: number) =>
  Array.from({ length: count }, (_, index) => `/body/memberUserIds/${from + index}`);

describe('400: the error list is bounded', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });
  const createStream = (body: unknown) => call(service, 'POST', '/api/streams', { body });

  it(`when exactly ${MAX_LISTED_ERRORS} fields are wrong, then all are listed and nothing says more`, async () => {
    const reply = await createStream(members(0, MAX_LISTED_ERRORS));
    expect(reply.status).to.equal(400);
    expect(pathsOf(reply)).to.deep.equal(memberPaths(0, MAX_LISTED_ERRORS));
    expect(reply.body).not.to.have.property('errorsNotListed');
  });

  it(`when ${MAX_LISTED_ERRORS + 1} and then 500 fields are wrong, then the first ${MAX_LISTED_ERRORS} are listed and errorsNotListed counts the rest`, async () => {
    for (const wrong of [MAX_LISTED_ERRORS + 1, 500]) {
      const reply = await createStream(members(0, wrong));
      expect(pathsOf(reply)).to.deep.equal(memberPaths(0, MAX_LISTED_ERRORS));
      expect(reply.body.errorsNotListed).to.equal(wrong - MAX_LISTED_ERRORS);
      expect(reply.body.detail).to.equal('The request does not match openapi.yaml.');
    }
  });

  it('when content nodes past the first 50 are wrong too, then each counts once, unexplained', async () => {
    const blocks = Array.from({ length: 60 }, () => ({ type: 'markdown' }));
    const reply = await createStream({ title: 't', initialMessage: { content: { blocks } } });
    expect(pathsOf(reply)).to.deep.equal(
      Array.from({ length: MAX_LISTED_ERRORS }, (_, index) => `/body/initialMessage/content/blocks/${index}`),
    );
    expect(reply.body.errors[0].message).to.match(/^is not a valid block/);
    expect(reply.body.errorsNotListed).to.equal(10);
  });

  it(`when a body of exactly ${FULL_CHECK_VALUES} values has two wrong fields, then both are listed`, async () => {
    const good = FULL_CHECK_VALUES - 3 - 2;
    expect(valuesOf(good, 2)).to.equal(FULL_CHECK_VALUES);
    const reply = await createStream(members(good, 2));
    expect(pathsOf(reply)).to.deep.equal(memberPaths(good, 2));
  });

  it(`when a body of ${FULL_CHECK_VALUES + 1} values has two wrong fields, then the first is listed and detail says the check stopped there`, async () => {
    const good = FULL_CHECK_VALUES - 3 - 1;
    expect(valuesOf(good, 2)).to.equal(FULL_CHECK_VALUES + 1);
    const reply = await createStream(members(good, 2));
    expect(pathsOf(reply)).to.deep.equal(memberPaths(good, 1));
    expect(reply.body.errors[0].message).to.equal('must be string');
    expect(reply.body.detail).to.contain(
      `A body of more than ${FULL_CHECK_VALUES} values is checked up to its first error`,
    );
    expect(reply.body).not.to.have.property('errorsNotListed');
  });

  it('when a large body has a wrong content node, then that node is explained as in a full check', async () => {
    const filler = Array.from({ length: FULL_CHECK_VALUES }, () => 'u');
    const reply = await createStream({
      title: 't',
      memberUserIds: filler,
      initialMessage: { content: { blocks: [{ type: 'rich_text' }] } },
    });
    expect(pathsOf(reply)).to.deep.equal(['/body/initialMessage/content/blocks/0']);
    expect(reply.body.errors[0].message).to.match(
      /^is not a valid block, whichever variant is meant: as a rich text block, it needs `elements`/,
    );
  });

  it('when a large content node is wrong deep inside, then the innermost node is named', async () => {
    const children = [...Array.from({ length: FULL_CHECK_VALUES }, () => ({ type: 'text', text: 'x' })), 1];
    const reply = await createStream({
      title: 't',
      initialMessage: { content: { blocks: [{ type: 'rich_text', elements: [{ type: 'paragraph', children }] }] } },
    });
    expect(reply.status).to.equal(400);
    expect(pathsOf(reply)).to.deep.equal([
      `/body/initialMessage/content/blocks/0/elements/0/children/${FULL_CHECK_VALUES}`,
    ]);
  });
});
