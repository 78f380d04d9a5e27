import { expect } from 'chai';
import { call, type Reply } from '../helpers/client.js';
import { aDevice, anAvailability, uuid } from '../helpers/factories.js';
import { rawBytes } from '../helpers/raw.js';
import { startService, type Service } from '../helpers/service.js';

const stream = (...blocks: unknown[]) => ({ title: 'Errors', initialMessage: { content: { blocks } } });
const paragraph = (...children: unknown[]) => ({ type: 'rich_text', elements: [{ type: 'paragraph', children }] });
const BLOCK = '/body/initialMessage/content/blocks';

/** The single error of a 400, or a failure naming all of them. */
function onlyError(reply: Reply): { path: string; message: string } {
  expect(reply.status).to.equal(400);
  expect(reply.body.errors, JSON.stringify(reply.body.errors)).to.have.length(1);
  return reply.body.errors[0];
}

describe('errors a person can act on (400 and 415 problems)', () => {
  let service: Service;
  before(async () => {
    service = await startService();
  });
  after(async () => {
    await service.close();
  });
  const createStream = (body: unknown) => call(service, 'POST', '/api/streams', { body });

  describe('content nodes', () => {
    it('when a text node has no type, then one error, at that node, says no inline-node variant accepts it without `type`', async () => {
      const error = onlyError(await createStream(stream(paragraph({ text: 'x' }))));
      expect(error.path).to.equal(`${BLOCK}/0/elements/0/children/0`);
      expect(error.message).to.equal(
        'is not a valid inline node, as no variant (text node, link node, type only node or trigger node) accepts it: it needs `type`',
      );
    });
    it('when a block matches no variant, then one error at the block says what each variant lacks', async () => {
      const error = onlyError(await createStream(stream({ type: 'rich_text' })));
      expect(error.path).to.equal(`${BLOCK}/0`);
      expect(error.message).to.equal(
        'is not a valid block, whichever variant is meant: as a rich text block, it needs `elements`; ' +
          'as a markdown block, it needs `markdown`; as an asset block, it needs `assetId`, `fileName` and `contentType`; ' +
          'as a component block, it needs `component` and `options`',
      );
    });
    it("when an asset block's assetId is not a UUID, then the one error at the block says so for the asset variant", async () => {
      const error = onlyError(
        await createStream(stream({ type: 'asset', assetId: 'x', fileName: 'f', contentType: 'c' })),
      );
      expect(error.path).to.equal(`${BLOCK}/0`);
      expect(error.message).to.contain('as an asset block, its `assetId` must be a UUID').and.not.contain('pattern');
    });
    it('when a node is not an object, or its type not a string, then the one error says that', async () => {
      expect(onlyError(await createStream(stream('x'))).message).to.match(
        /^is not a valid block, .*: it must be object$/,
      );
      const typed = onlyError(await createStream(stream(paragraph({ type: 3, text: 'x' }))));
      expect(typed.message).to.match(/inline node.*: its `type` must be string$/);
    });
    it('when an element fits several variants but for its children, then one error at the element says why for each', async () => {
      const error = onlyError(
        await createStream(stream({ type: 'rich_text', elements: [{ type: 'custom', children: [{ text: 'x' }] }] })),
      );
      expect(error.path).to.equal(`${BLOCK}/0/elements/0`);
      expect(error.message)
        .to.contain('as a paragraph element, its `children/0` is not a valid inline node')
        .and.contain('as a list element, it needs `listType`')
        .and.contain('as a table element, it needs `children/0/type` and `children/0/children`');
    });
    it('when two nodes and another field are wrong, then one error each, in order', async () => {
      const reply = await createStream({ ...stream({ type: 'markdown' }, paragraph({ text: 'x' })), title: 7 });
      expect(reply.body.errors.map((error: { path: string }) => error.path)).to.deep.equal([
        '/body/title',
        `${BLOCK}/0`,
        `${BLOCK}/1/elements/0/children/0`,
      ]);
    });
  });

  describe('formats and lists of values', () => {
    it('when a UUID, a date-time or a time of day is malformed, then the message names the format in words', async () => {
      const uuids = await call(service, 'PUT', '/api/chat/reads', {
        body: { streamId: 'x', lastReadMessageId: uuid() },
      });
      expect(onlyError(uuids).message).to.match(/^must be a UUID, 8-4-4-4-12 hex digits/);
      const dates = await call(service, 'PATCH', '/api/streams/nav', {
        body: { lastViewedAt: { s: '2026-02-30T00:00:00Z' } },
      });
      expect(onlyError(dates))
        .to.deep.include({ path: '/body/lastViewedAt/s' })
        .and.property('message')
        .that.matches(/^must be an RFC 3339 date-time/);
      const times = await call(service, 'PATCH', '/api/notifications/settings', {
        body: { availability: anAvailability({ end: '24:00' }) },
      });
      expect(onlyError(times).message).to.equal('must be a time of day, HH:MM, 00:00–23:59');
      expect(onlyError(await call(service, 'GET', '/api/streams/general')).message).to.match(/^must be a UUID/);
    });
    it('when a value must be one of a list, then the message names the list, also in a merge patch, where null removes the value', async () => {
      const device = await call(service, 'PUT', '/api/notifications/devices', { body: aDevice({ platform: 'ios' }) });
      expect(onlyError(device).message).to.equal('must be one of: mobile_a, mobile_b, desktop_a, desktop_b, web');
      const sound = await call(service, 'PATCH', '/api/notifications/settings', { body: { sound: 'ding' } });
      expect(onlyError(sound).message).to.match(
        /^must be one of: shake-bottle-pop, boing, .*, wow; or null, which removes it$/,
      );
    });
  });

  describe('bodies', () => {
    it('when a POST comes with a JSON content type and no body at all (curl -X POST), then 400 says the body is missing', async () => {
      for (const contentType of ['Content-Type: application/json\r\n', '']) {
        const reply = await rawBytes(
          service,
          `POST /api/streams HTTP/1.1\r\nHost: localhost\r\n${contentType}Connection: close\r\n\r\n`,
        );
        expect(reply.status, contentType).to.equal(400);
        const problem = JSON.parse(reply.text);
        expect(problem.detail).to.equal('The request has no body; this operation needs a JSON document.');
        expect(problem.errors).to.deep.equal([
          { path: '/body', message: 'is missing: send a JSON document (Content-Type: application/json)' },
        ]);
      }
    });
    it('when a body has a content type the operation does not take, then the 415 names every one it takes', async () => {
      const patch = await call(service, 'PATCH', '/api/streams/nav', {
        body: '{}',
        headers: { 'content-type': 'text/plain' },
      });
      expect([patch.status, patch.body.detail]).to.deep.equal([
        415,
        'Send the body as application/json or application/merge-patch+json; text/plain is not accepted here.',
      ]);
      const put = await call(service, 'PUT', '/api/chat/reads', {
        body: '{}',
        headers: { 'content-type': 'application/xml' },
      });
      expect([put.status, put.body.detail]).to.deep.equal([
        415,
        'Send the body as application/json; application/xml is not accepted here.',
      ]);
    });
  });
});
