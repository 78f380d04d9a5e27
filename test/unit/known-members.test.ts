import { expect } from 'chai';
import { keepKnownMembers } from '../../src/contract/known-members.js';
import { compileShapes } from '../../src/contract/member-shapes.js';
import { loadSpec } from '../../src/contract/spec.js';

const spec = loadSpec();
const shapeOf = compileShapes(spec);
const keep = (schema: string, value: unknown) =>
  keepKnownMembers(value, shapeOf({ $ref: `#/components/schemas/${schema}` }));
const inParagraph = (...children: unknown[]) => ({
  blocks: [{ type: 'rich_text', elements: [{ type: 'paragraph', children }] }],
});

describe('keeping the members the contract names (src/contract/known-members.ts)', () => {
  it('when a text node is valid only as a type-only node, then its named members are kept as sent', () => {
    const node = { type: 'text', text: 'a', style: { bold: 'yes' } };
    expect(keep('MessageContent', inParagraph(node))).to.deep.equal(inParagraph(node));
  });

  it('when members are named nowhere at their position, then they are dropped, at every depth', () => {
    const sent = {
      ...inParagraph({ type: 'text', text: 'a', style: { bold: true, blink: true }, color: 'red' }),
      version: 2,
    };
    expect(keep('MessageContent', sent)).to.deep.equal(inParagraph({ type: 'text', text: 'a', style: { bold: true } }));
  });

  it('when a member is named by another variant of the position, then it is kept (a block both rich text and markdown)', () => {
    const block = { type: 'rich_text', elements: [], markdown: 'm', assetId: 7, cover: true };
    expect(keep('Block', block)).to.deep.equal({ type: 'rich_text', elements: [], markdown: 'm', assetId: 7 });
  });

  it('when a value is free-form, then it is kept whole, `__proto__` as plain data', () => {
    const patch = JSON.parse('{"patch":{"__proto__":{"polluted":true},"a":{"b":[1,{"c":null}]}}}') as unknown;
    const kept = keep('IdentitySettingsPatch', patch) as { patch: object };
    expect(kept).to.deep.equal(patch);
    expect(Object.hasOwn(kept.patch, '__proto__')).to.equal(true);
    expect(({} as { polluted?: boolean }).polluted).to.equal(undefined);
  });

  it('when a uuid is sent in upper case, then filtering keeps it as sent (lower-casing is src/contract/uuid-case.ts)', () => {
    const id = 'F47AC10B-58CC-4372-A567-0E02B2C3D479';
    expect(keep('ReadMarkerInput', { streamId: id, lastReadMessageId: id, note: id })).to.deep.equal({
      streamId: id,
      lastReadMessageId: id,
    });
  });

  it('when a map has schema values, then each value is walked and its unnamed members dropped', () => {
    const sent = {
      overrides: { s: { channels: { mobile: { main: 'none', sessions: 'none', x: 1 } }, y: 2 }, t: null },
    };
    expect(keep('NotificationSettingsPatch', sent)).to.deep.equal({
      overrides: { s: { channels: { mobile: { main: 'none', sessions: 'none' } } }, t: null },
    });
  });

  describe('what filtering copies (its cost is in the bench: a test asserts behaviour, not a duration)', () => {
    const message = (node: (i: number) => object) => {
      const paragraphs = Array.from({ length: 90 }, (_, p) => ({
        type: 'paragraph',
        children: Array.from({ length: 100 }, (_, i) => node(p * 100 + i)),
      }));
      return { title: 'big', initialMessage: { content: { blocks: [{ type: 'rich_text', elements: paragraphs }] } } };
    };
    const styled = (i: number) => ({
      type: 'text',
      text: `word ${i} of a long message, padded a bit`,
      style: { bold: i % 2 === 0, italic: false },
    });
    const shape = () => shapeOf({ $ref: '#/components/schemas/CreateStreamRequest' });

    it('when a 1 MiB message of 9,000 inline nodes names every member, then it is kept as the very same object: nothing is copied', () => {
      const body = message(styled);
      expect(Buffer.byteLength(JSON.stringify(body))).to.be.within(900 * 1024, 1024 * 1024);
      expect(keepKnownMembers(body, shape())).to.equal(body);
    });
    it('when each of its nodes has an unnamed member, then the nodes are copied without it, and the message is otherwise equal', () => {
      const body = message((i) => ({ ...styled(i), id: i }));
      const kept = keepKnownMembers(body, shape());
      expect(kept).to.not.equal(body);
      expect(kept).to.deep.equal(message(styled));
    });

    const keys = 65_536;
    const map = <T>(value: (i: number) => T) =>
      Object.fromEntries(Array.from({ length: keys }, (_, i) => [`key-${i}`, value(i)]));
    const whole: [string, string, unknown][] = [
      ['the identity patch (free-form)', 'IdentitySettingsPatch', { patch: map((i) => ({ n: i })) }],
      [
        'device notificationSettings (string values)',
        'DeviceRegistration',
        { notificationSettings: map((i) => `v${i}`) },
      ],
      ['navigation rankByStreamId (integer values)', 'NavigationPatch', { rankByStreamId: map((i) => i) }],
    ];
    for (const [name, schema, body] of whole) {
      it(`when ${name} holds 65k keys, then it is kept as the very same object: a map of values kept whole is not walked`, () => {
        expect(keepKnownMembers(body, shapeOf({ $ref: `#/components/schemas/${schema}` }))).to.equal(body);
      });
    }
    it('when notification overrides hold 65k rules, then every rule is kept', () => {
      const body = { overrides: map(() => ({ channels: {} })) };
      expect(keepKnownMembers(body, shapeOf({ $ref: '#/components/schemas/NotificationSettingsPatch' }))).to.deep.equal(
        body,
      );
    });
  });
});
