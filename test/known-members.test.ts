import { performance } from 'node:perf_hooks';
import { expect } from 'chai';
import { keepKnownMembers } from '../src/contract/known-members.js';
import { compileShapes } from '../src/contract/member-shapes.js';
import { loadSpec } from '../src/contract/spec.js';

const spec = loadSpec();
const shapeOf = compileShapes(spec);
const keep = (schema: string, value: unknown) => keepKnownMembers(value, shapeOf({ $ref: `#/components/schemas/${schema}` }));
const inParagraph = (...children: unknown[]) => ({ blocks: [{ type: 'rich_text', elements: [{ type: 'paragraph', children }] }] });

/** Fastest, median and longest of `runs` timed calls, in milliseconds (the machine is shared: the fastest is the cost). */
function time(runs: number, work: () => unknown): { fastest: number; median: number; longest: number; text: string } {
  const times = Array.from({ length: runs }, () => {
    const start = performance.now();
    work();
    return performance.now() - start;
  }).sort((a, b) => a - b);
  const [fastest, median, longest] = [times[0]!, times[Math.floor(runs / 2)]!, times.at(-1)!];
  return { fastest, median, longest, text: [fastest, median, longest].map((ms) => ms.toFixed(1)).join(' / ') };
}

describe('keeping the members the contract names (src/contract/known-members.ts)', () => {
  it('when a text node is valid only as a type-only node, then its named members are kept as sent', () => {
    const node = { type: 'text', text: 'a', style: { bold: 'yes' } };
    expect(keep('MessageContent', inParagraph(node))).to.deep.equal(inParagraph(node));
  });

  it('when members are named nowhere at their position, then they are dropped, at every depth', () => {
    const sent = { ...inParagraph({ type: 'text', text: 'a', style: { bold: true, blink: true }, color: 'red' }), version: 2 };
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

  it('when a uuid is sent in upper case, then it is kept in lower case; other strings as sent', () => {
    const id = 'F47AC10B-58CC-4372-A567-0E02B2C3D479';
    const kept = keep('ReadMarkerInput', { streamId: id, lastReadMessageId: id, note: id }) as Record<string, string>;
    expect(kept).to.deep.equal({ streamId: id.toLowerCase(), lastReadMessageId: id.toLowerCase() });
    expect(keep('NavigationPatch', { pinnedStreamIds: [id] })).to.deep.equal({ pinnedStreamIds: [id] });
  });

  it('when a map has schema values, then each value is walked and its unnamed members dropped', () => {
    const sent = { overrides: { s: { channels: { mobile: { main: 'none', sessions: 'none', x: 1 } }, y: 2 }, t: null } };
    expect(keep('NotificationSettingsPatch', sent)).to.deep.equal({
      overrides: { s: { channels: { mobile: { main: 'none', sessions: 'none' } } }, t: null },
    });
  });

  describe('cost (no validation per request; measured on this machine)', () => {
    const message = (node: (i: number) => object) => {
      const paragraphs = Array.from({ length: 90 }, (_, p) => ({ type: 'paragraph', children: Array.from({ length: 100 }, (_, i) => node(p * 100 + i)) }));
      return { title: 'big', initialMessage: { content: { blocks: [{ type: 'rich_text', elements: paragraphs }] } } };
    };
    const styled = (i: number) => ({ type: 'text', text: `word ${i} of a long message, padded a bit`, style: { bold: i % 2 === 0, italic: false } });
    const messages: [string, object, object][] = [
      ['every member named (nothing to copy)', message(styled), message(styled)],
      ['an unnamed member on every node (all copied)', message((i) => ({ ...styled(i), id: i })), message(styled)],
    ];
    for (const [name, body, expected] of messages) {
      it(`when a 1 MiB message holds 9,000 inline nodes, ${name}, then filtering takes well under 50 ms`, () => {
        const bytes = Buffer.byteLength(JSON.stringify(body));
        expect(bytes).to.be.within(900 * 1024, 1024 * 1024);
        const shape = shapeOf({ $ref: '#/components/schemas/CreateStreamRequest' });
        const { fastest, text } = time(7, () => keepKnownMembers(body, shape));
        console.log(`      9,000 inline nodes, ${(bytes / 1024).toFixed(0)} KiB, ${name}: fastest / median / longest ${text} ms`);
        expect(keepKnownMembers(body, shape)).to.deep.equal(expected);
        expect(fastest).to.be.below(50);
      });
    }

    const keys = 65_536;
    const map = <T>(value: (i: number) => T) => Object.fromEntries(Array.from({ length: keys }, (_, i) => [`key-${i}`, value(i)]));
    const cases: [string, string, unknown][] = [
      ['the identity patch (free-form)', 'IdentitySettingsPatch', { patch: map((i) => ({ n: i })) }],
      ['device notificationSettings (string values)', 'DeviceRegistration', { notificationSettings: map((i) => `v${i}`) }],
      ['navigation rankByStreamId (integer values)', 'NavigationPatch', { rankByStreamId: map((i) => i) }],
      ['notification overrides (rule values)', 'NotificationSettingsPatch', { overrides: map(() => ({ channels: {} })) }],
    ];
    for (const [name, schema, body] of cases) {
      it(`when ${name} holds 65k keys, then filtering takes well under 50 ms`, () => {
        const shape = shapeOf({ $ref: `#/components/schemas/${schema}` });
        const { fastest, text } = time(7, () => keepKnownMembers(body, shape));
        console.log(`      65k keys in ${name}: fastest / median / longest ${text} ms`);
        expect(keepKnownMembers(body, shape)).to.deep.equal(body);
        expect(fastest).to.be.below(50);
      });
    }
  });
});
