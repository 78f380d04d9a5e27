import { expect } from 'chai';
import { readDocument } from '../../src/lib/expectations-file.js';

const exchange = (method: string, path: string, session?: string) => ({
  request: { method, path },
  response: { status: 200 },
  ...(session === undefined ? {} : { session }),
});
const state = (scenario?: string) => ({
  from: scenario ? 'scenario' : 'examples',
  ...(scenario ? { scenario } : {}),
  steps: [{ request: { method: 'PATCH', path: '/api/streams/nav', body: {} }, response: { status: 200 } }],
});
const lines = (...items: unknown[]) => items.map((item) => JSON.stringify(item)).join('\n') + '\n';
/** Each segment as its state's name and its steps. */
const shown = (text: string) => {
  const { segments, notes } = readDocument(text);
  return {
    segments: segments.map(({ state: from, expectations }) => [
      from ? (from.scenario ?? from.from) : 'empty',
      expectations.map(({ request }) => `${request.method} ${request.path}`),
    ]),
    notes,
  };
};

describe('readDocument (src/lib/expectations-file.ts): expectations and recordings', () => {
  it('when a recording has no segment line (an older one, or of the service), then it is one segment from an empty store, without its /sandbox/ requests', () => {
    const text = lines(exchange('POST', '/sandbox/reset'), exchange('GET', '/api/streams/nav'), exchange('GET', '/x'));
    expect(shown(text)).to.deep.equal({ segments: [['empty', ['GET /api/streams/nav', 'GET /x']]], notes: [] });
  });

  it("when sessions' exchanges interleave, then each goes to its session's last segment, in the order the segments started", () => {
    const text = lines(
      { segment: { session: 'a', state: state() } },
      exchange('GET', '/a/1', 'a'),
      { segment: { session: 'b', state: state('busy-inbox') } },
      exchange('GET', '/b/1', 'b'),
      exchange('GET', '/a/2', 'a'),
      exchange('POST', '/sandbox/reset', 'b'),
      { segment: { session: 'b', state: state('many-devices') } },
      exchange('GET', '/b/2', 'b'),
      exchange('OPTIONS', '/a/3'),
    );
    expect(shown(text).segments).to.deep.equal([
      ['examples', ['GET /a/1', 'GET /a/2']],
      ['busy-inbox', ['GET /b/1']],
      ['many-devices', ['GET /b/2']],
      ['empty', ['OPTIONS /a/3']],
    ]);
  });

  it('when a segment had served requests before the recording, or its state is not known, then it is left out with a note; one with no request needs none', () => {
    const text = lines(
      { segment: { session: 'early', state: state(), before: 2 } },
      exchange('GET', '/api/streams/nav', 'early'),
      exchange('POST', '/sandbox/reset', 'early'),
      { segment: { session: 'early' } },
      exchange('GET', '/api/streams/nav', 'early'),
      { segment: { session: 'early', state: state(), before: 1 } },
    );
    expect(shown(text)).to.deep.equal({
      segments: [],
      notes: [
        "Session early's segment at line 1 of the recording (1 request) is left out: the session had served 2 requests since its last reset before the recording began, so the state it relied on is not known (reset it through make record, POST /sandbox/reset, to record from a known state).",
        "Session early's segment at line 4 of the recording (1 request) is left out: the sandbox no longer knew the state it started from (its scenario was defined again).",
      ],
    });
  });

  it('when an export has notes, then they are read with its segments; a line that is no segment or exchange is refused naming it', () => {
    const exported = { segments: [{ state: state(), expectations: [exchange('GET', '/x')] }], notes: ['Segment 1 …'] };
    expect(shown(JSON.stringify(exported))).to.deep.equal({
      segments: [['examples', ['GET /x']]],
      notes: ['Segment 1 …'],
    });
    expect(() => readDocument(lines(exchange('GET', '/x'), { segment: { session: 'a', before: -1 } }))).to.throw(
      'line 2 is no segment',
    );
    expect(() =>
      readDocument(lines(exchange('GET', '/x'), { segment: { session: 'a', state: { from: 'x' } } })),
    ).to.throw('line 2/segment/state is no state');
  });
});
