import { expect } from 'chai';
import { call, pathsOf } from '../helpers/client.js';
import { uuid } from '../helpers/factories.js';
import { startService, type Service } from '../helpers/service.js';

const text = (value: string, style?: Record<string, boolean>) => ({
  type: 'text',
  text: value,
  ...(style ? { style } : {}),
});
const paragraph = (...children: object[]) => ({ type: 'paragraph', children });
const richText = (...elements: object[]) => ({ type: 'rich_text', elements });
const withBlocks = (...blocks: object[]) => ({ title: 'Launch', initialMessage: { content: { blocks } } });

/** A list nested `depth` levels deep through its items. */
function nestedList(depth: number): object {
  let list: object = { type: 'list', listType: 'bullet', children: [{ type: 'list_item', children: [text('leaf')] }] };
  for (let level = 1; level < depth; level++) {
    list = {
      type: 'list',
      listType: 'ordered',
      start: level,
      children: [{ type: 'list_item', checked: level % 2 === 0, children: [text(`level ${level}`), list] }],
    };
  }
  return list;
}

describe('POST /api/streams', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });

  const create = (body: unknown) => call(service, 'POST', '/api/streams', { body });
  const blocksOf = (reply: { body: { initialMessage: { content: { blocks: unknown[] } } } }) =>
    reply.body.initialMessage.content.blocks;

  describe('the stream', () => {
    it('when only a title is given, then 201 with a v7 id, Location, creator as member, no message', async () => {
      const reply = await create({ title: 'Design review' });
      expect(reply.status).to.equal(201);
      expect(reply.body.id).to.match(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(reply.headers.get('location')).to.equal(`/api/streams/${reply.body.id}`);
      expect(reply.body).to.include({ title: 'Design review', createdBy: 'local' });
      expect(reply.body.members).to.deep.equal(['local']);
      expect(Date.parse(reply.body.createdAt)).to.be.closeTo(Date.now(), 5000);
      expect(reply.body).to.not.have.property('initialMessage');
      expect(reply.body).to.not.have.property('visibility');
    });
    it('when members repeat or include the creator, then the creator comes first and nobody twice', async () => {
      const reply = await create({ title: 't', memberUserIds: ['ann', 'local', 'bob', 'ann'] });
      expect(reply.body.members).to.deep.equal(['local', 'ann', 'bob']);
    });
    it('when visibility is any string, then it is stored as given', async () => {
      const reply = await create({ title: 't', visibility: 'invite-only (custom)' });
      expect(reply.status).to.equal(201);
      expect(reply.body.visibility).to.equal('invite-only (custom)');
    });
    it('when the title is empty, then it is accepted (the contract sets no bound)', async () => {
      expect((await create({ title: '' })).status).to.equal(201);
    });
    it('when the title is missing, then 400 names /body/title', async () => {
      const reply = await create({ visibility: 'public' });
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/title']);
    });
    it('when the title is null or a number, then 400 names /body/title', async () => {
      for (const title of [null, 42]) {
        const reply = await create({ title });
        expect(reply.status).to.equal(400);
        expect(pathsOf(reply)).to.deep.equal(['/body/title']);
      }
    });
    it('when a member id is not a string, then 400 names that item', async () => {
      const reply = await create({ title: 't', memberUserIds: ['ann', 7] });
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/memberUserIds/1']);
    });
    it('when it is created, then GET returns the same stream, by either case of its id', async () => {
      const created = await create({ ...withBlocks(richText(paragraph(text('hello')))), memberUserIds: ['ann'] });
      const read = await call(service, 'GET', `/api/streams/${created.body.id}`);
      expect(read.status).to.equal(200);
      expect(read.body).to.deep.equal(created.body);
      const upper = await call(service, 'GET', `/api/streams/${created.body.id.toUpperCase()}`);
      expect(upper.body).to.deep.equal(created.body);
    });
    it('when no stream has the id, then GET is 404; when the id is no uuid, then 400', async () => {
      const missing = await call(service, 'GET', `/api/streams/${uuid()}`);
      expect(missing.status).to.equal(404);
      expect(missing.body.type).to.equal('urn:problem:collab:not-found');
      const bad = await call(service, 'GET', '/api/streams/not-a-uuid');
      expect(bad.status).to.equal(400);
      expect(pathsOf(bad)).to.deep.equal(['/params/streamId']);
    });
  });

  describe('the initial message', () => {
    it('when given, then it is stored with id, author, assetIds and createdAt', async () => {
      const reply = await create({ title: 't', initialMessage: { content: { blocks: [] }, assetIds: ['a1', 'a2'] } });
      expect(reply.status).to.equal(201);
      const message = reply.body.initialMessage;
      expect(message.id)
        .to.match(/^[0-9a-f-]{36}$/)
        .and.not.equal(reply.body.id);
      expect(message).to.deep.include({ authorId: 'local', assetIds: ['a1', 'a2'], content: { blocks: [] } });
      expect(message.createdAt).to.equal(reply.body.createdAt);
    });
    it('when assetIds is absent, then the message has an empty list', async () => {
      const reply = await create(withBlocks());
      expect(reply.body.initialMessage.assetIds).to.deep.equal([]);
    });
    it('when content is missing, then 400 names /body/initialMessage/content', async () => {
      const reply = await create({ title: 't', initialMessage: { assetIds: [] } });
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/initialMessage/content']);
    });
    it('when blocks is missing, then 400 names /body/initialMessage/content/blocks', async () => {
      const reply = await create({ title: 't', initialMessage: { content: {} } });
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/initialMessage/content/blocks']);
    });
    it('when initialMessage is null, then 400: it may be absent, not null', async () => {
      const reply = await create({ title: 't', initialMessage: null });
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/initialMessage']);
    });
  });

  describe('content blocks, elements and inline nodes', () => {
    it('when every block variant is sent, then each is stored as sent', async () => {
      const blocks = [
        richText(paragraph(text('hi'))),
        { type: 'markdown', markdown: '**bold**' },
        {
          type: 'asset',
          assetId: '017f22e2-79b0-7cc3-98c4-dc0c0c07398f',
          fileName: 'plan.pdf',
          contentType: 'application/pdf',
        },
        { type: 'component', component: 'poll', options: ['yes', 'no'] },
      ];
      const reply = await create(withBlocks(...blocks));
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal(blocks);
    });
    it('when every element variant is sent, then each is stored as sent', async () => {
      const elements = [
        { type: 'paragraph', direction: 'rtl', children: [text('שלום')] },
        {
          type: 'list',
          listType: 'ordered',
          start: 3,
          children: [{ type: 'list_item', checked: true, children: [text('done')] }],
        },
        { type: 'code_block', language: 'ts', code: 'const a = 1;' },
        {
          type: 'table',
          children: [{ type: 'row', children: [{ type: 'cell', align: 'right', children: [text('42')] }] }],
        },
      ];
      const reply = await create(withBlocks(richText(...elements)));
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal([richText(...elements)]);
    });
    it('when every inline variant is sent, then each is stored as sent', async () => {
      const inline = [
        text('styled', { bold: true, italic: false, strikethrough: true, code: false }),
        { type: 'link', url: 'https://example.com', children: [text('site'), { type: 'emoji' }] },
        { type: 'line_break' },
        { type: 'trigger', triggerName: 'weekly-review' },
      ];
      const reply = await create(withBlocks(richText(paragraph(...inline))));
      expect(reply.status, JSON.stringify(reply.body)).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal([richText(paragraph(...inline))]);
    });
    it('when lists nest 50 levels deep, then the whole tree is stored and read back', async () => {
      const blocks = [richText(nestedList(50))];
      const reply = await create(withBlocks(...blocks));
      expect(reply.status, JSON.stringify(reply.body).slice(0, 500)).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal(blocks);
      expect(
        (await call(service, 'GET', `/api/streams/${reply.body.id}`)).body.initialMessage.content.blocks,
      ).to.deep.equal(blocks);
    });
    it('when a block matches no variant, then 400 names the block', async () => {
      const reply = await create(withBlocks({ type: 'rich_text' }));
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.include('/body/initialMessage/content/blocks/0');
    });
    it('when a node has no type, then 400 names it', async () => {
      const reply = await create(withBlocks(richText(paragraph({ text: 'no type' }))));
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.include('/body/initialMessage/content/blocks/0/elements/0/children/0');
    });
    it('when an asset block has an invalid assetId, then 400 names it, in the one error at the block', async () => {
      const reply = await create(withBlocks({ type: 'asset', assetId: 'nope', fileName: 'f', contentType: 'c' }));
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.deep.equal(['/body/initialMessage/content/blocks/0']);
      expect(reply.body.errors[0].message).to.contain('`assetId` must be a UUID');
    });
    it('when a list start is not an integer, then it fits only as a paragraph or table, and is still stored as sent', async () => {
      const list = { type: 'list', listType: 'ordered', start: 1.5, children: [{ type: 'list_item', children: [] }] };
      const reply = await create(withBlocks(richText(list)));
      expect(reply.status).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal([richText(list)]);
    });
    it('when a code block has no code, then it fits no element variant and 400 names it', async () => {
      const reply = await create(withBlocks(richText({ type: 'code_block', language: 'ts' })));
      expect(reply.status).to.equal(400);
      expect(pathsOf(reply)).to.include('/body/initialMessage/content/blocks/0/elements/0');
    });
  });

  describe('overlapping variants (anyOf, where oneOf would reject)', () => {
    it('when a text node is also a valid type-only node, then it is accepted', async () => {
      const reply = await create(withBlocks(richText(paragraph(text('both')))));
      expect(reply.status).to.equal(201);
    });
    it('when an element is both a paragraph and a table, then it is accepted and stored whole', async () => {
      const element = {
        type: 'table',
        children: [{ type: 'row', children: [{ type: 'cell', children: [text('x')] }] }],
      };
      const reply = await create(withBlocks(richText(element)));
      expect(reply.status).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal([richText(element)]);
    });
    it('when a block is both rich text and markdown, then both members are stored', async () => {
      const block = { ...richText(paragraph(text('a'))), markdown: 'a' };
      const reply = await create(withBlocks(block));
      expect(reply.status).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal([block]);
    });
    it('when a link child is a text node and a type-only node, then it is accepted', async () => {
      const link = { type: 'link', url: 'u', children: [text('t')] };
      expect((await create(withBlocks(richText(paragraph(link))))).status).to.equal(201);
    });
  });

  describe('members the contract does not name', () => {
    it('when nodes carry unknown members, then they are accepted and not stored', async () => {
      const sent = richText({
        type: 'paragraph',
        children: [{ ...text('x', { bold: true }), style: { bold: true, blink: true }, color: 'red' }],
        id: 7,
      });
      const reply = await create({
        title: 't',
        extra: true,
        initialMessage: { content: { blocks: [{ ...sent, meta: {} }], v: 2 }, pinned: true },
      });
      expect(reply.status).to.equal(201);
      expect(reply.body).to.not.have.property('extra');
      expect(reply.body.initialMessage).to.not.have.property('pinned');
      expect(reply.body.initialMessage.content).to.deep.equal({
        blocks: [richText(paragraph(text('x', { bold: true })))],
      });
    });
    it('when a node fits only as type-only, then the members other variants name are still stored as sent', async () => {
      const nodes = [
        { type: 'text', text: 5 },
        { type: 'text', text: 'a', style: { bold: 'yes' } },
        { type: 'x', url: 1, triggerName: [] },
      ];
      const reply = await create(withBlocks(richText(paragraph(...nodes))));
      expect(reply.status).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal([richText(paragraph(...nodes))]);
      const read = await call(service, 'GET', `/api/streams/${reply.body.id}`);
      expect(read.body.initialMessage.content.blocks).to.deep.equal([richText(paragraph(...nodes))]);
    });
    it('when a loosely valid node carries members named nowhere at its position, then only those are dropped', async () => {
      const reply = await create(
        withBlocks(richText(paragraph({ type: 'text', text: 'a', style: { bold: 'yes', blink: true }, color: 'red' }))),
      );
      expect(reply.status).to.equal(201);
      expect(blocksOf(reply)).to.deep.equal([richText(paragraph({ type: 'text', text: 'a', style: { bold: 'yes' } }))]);
    });
  });
});
