import { expect } from 'chai';
import { contractSecrets, headerRedactor } from '../../src/contract/redact.js';
import { loadSpec } from '../../src/contract/spec.js';
import type { KeptRequest } from '../../src/sandbox/logged-entry.js';
import { LOGGED_BODY_BYTES, LOGGED_PATH_CHARS, loggedBody, loggedPath } from '../../src/sandbox/logged-values.js';
import { bytesOf, ENTRY_BYTES, LOG_BYTES, LOG_SIZE, RequestLog } from '../../src/sandbox/request-log.js';

const redact = headerRedactor(contractSecrets(loadSpec()));

const entry = (n: number, body?: string): KeptRequest => ({
  at: '2026-01-01T00:00:00.000Z',
  requestId: `r${n}`,
  method: 'GET',
  path: `/p?n=${n}`,
  status: 200,
  ...(body === undefined ? {} : { body }),
});
/** The JSON of an array of `count` empty objects: the shape whose parsed tree costs the most per byte. */
const emptyObjects = (count: number) => JSON.stringify(Array.from({ length: count }, () => ({})));

describe("the sandbox's request log (src/sandbox/request-log.ts)", () => {
  it('when more than LOG_SIZE small requests are added, then the last LOG_SIZE are listed, newest first', () => {
    const log = new RequestLog(redact);
    for (let n = 0; n < LOG_SIZE + 7; n++) log.add(entry(n));
    const listed = log.list().map((logged) => logged.requestId);
    expect(listed).to.have.length(LOG_SIZE);
    expect([listed[0], listed.at(-1)]).to.deep.equal([`r${LOG_SIZE + 6}`, 'r7']);
  });

  it('when an entry is added, then the log counts ENTRY_BYTES and the UTF-8 bytes of its strings, JSON text included', () => {
    const log = new RequestLog(redact);
    const kept = { ...entry(1, '{"s":"é"}'), prefer: 'code=200', problem: '{"status":400}' };
    log.add(kept);
    const strings = ['2026-01-01T00:00:00.000Z', 'r1', 'GET', '/p?n=1', '{"s":"é"}', 'code=200', '{"status":400}'];
    expect(log.bytes).to.equal(ENTRY_BYTES + strings.reduce((sum, text) => sum + Buffer.byteLength(text), 0));
    expect(bytesOf(kept)).to.equal(log.bytes);
  });

  it('when requests add up to LOG_BYTES, then all are kept; past it, the oldest are dropped until it holds', () => {
    const body = emptyObjects(5_000); // 15 KB of JSON, over 300 KB parsed
    const each = bytesOf(entry(10, body));
    const fit = Math.floor(LOG_BYTES / each);
    const log = new RequestLog(redact);
    for (let n = 10; n < 10 + fit; n++) log.add(entry(n, body));
    expect([log.list().length, log.bytes]).to.deep.equal([fit, fit * each]);
    log.add(entry(10 + fit, body));
    expect(log.list().map((logged) => logged.requestId)).to.deep.equal(
      Array.from({ length: fit }, (_, back) => `r${10 + fit - back}`),
    );
    expect(log.bytes).to.be.at.most(LOG_BYTES);
  });

  it('when one request alone is larger than LOG_BYTES, then it is still listed, alone', () => {
    const log = new RequestLog(redact);
    log.add(entry(1));
    log.add({ ...entry(2), path: 'x'.repeat(LOG_BYTES * 2) });
    expect(log.list().map((logged) => logged.requestId)).to.deep.equal(['r2']);
  });

  it('when shrunk to fewer bytes, then its oldest entries go until it holds them; the newest stays', () => {
    const log = new RequestLog(redact);
    for (let n = 0; n < 5; n++) log.add(entry(n));
    log.shrinkTo(log.bytes - 1);
    expect(log.list().map((logged) => logged.requestId)).to.deep.equal(['r4', 'r3', 'r2', 'r1']);
    log.shrinkTo(0);
    expect(log.list().map((logged) => logged.requestId)).to.deep.equal(['r4']);
  });

  it('when listed, then the JSON members are parsed; as JSON, the text kept is spliced into the same document', () => {
    const log = new RequestLog(redact);
    log.add({ ...entry(1, '{"a":[{},{}]}'), prefer: 'code=4"00', problem: '{"type":"t","status":400}' });
    log.add({ ...entry(2), response: '"é\\n"', ms: 1.5 });
    expect(log.list()).to.deep.equal([
      { n: 2, ...entry(2), ms: 1.5, response: 'é\n' },
      { n: 1, ...entry(1), prefer: 'code=4"00', body: { a: [{}, {}] }, problem: { type: 't', status: 400 } },
    ]);
    expect(log.json()).to.equal(JSON.stringify(log.list()));
  });

  it("when listed, then both sides' headers are objects, names in lower case, repeated ones joined, credentials redacted", () => {
    const log = new RequestLog(redact);
    const requestHeaders = JSON.stringify({ accept: '*/*', authorization: 'Bearer secret', cookie: 'a=1' });
    const responseHead =
      'HTTP/1.1 201 Created\r\nX-Request-Id: r1\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\nVary: A\r\nVary: B\r\n\r\n';
    log.add({ ...entry(1), requestHeaders, responseHead });
    const [listed] = log.list();
    expect([listed!.requestHeaders, listed!.responseHeaders]).to.deep.equal([
      { accept: '*/*', authorization: '(redacted)', cookie: '(redacted)' },
      { 'x-request-id': 'r1', 'set-cookie': '(redacted)', vary: 'A, B' },
    ]);
    expect(log.json()).to.equal(JSON.stringify(log.list())).and.not.include('secret');
  });

  it('when requests are added, then each has the next number, and one is found by it while kept', () => {
    const log = new RequestLog(redact);
    expect([log.total, log.lastAt]).to.deep.equal([0, undefined]);
    for (let n = 1; n <= LOG_SIZE + 2; n++) log.add({ ...entry(n), at: `t${n}` });
    expect([log.total, log.lastAt]).to.deep.equal([LOG_SIZE + 2, `t${LOG_SIZE + 2}`]);
    expect(log.find(LOG_SIZE + 2)).to.include({ n: LOG_SIZE + 2, requestId: `r${LOG_SIZE + 2}` });
    expect(log.find(3)).to.include({ n: 3, requestId: 'r3' });
    expect([log.find(2), log.find(LOG_SIZE + 3)]).to.deep.equal([undefined, undefined]);
  });

  it('when a body is at LOGGED_BODY_BYTES it is kept as its JSON; one byte more, then a note of its size', () => {
    const at = { s: 'x'.repeat(LOGGED_BODY_BYTES - 8) };
    expect(Buffer.byteLength(JSON.stringify(at))).to.equal(LOGGED_BODY_BYTES);
    expect(loggedBody(at, undefined)).to.equal(JSON.stringify(at));
    expect(loggedBody({ s: `${at.s}x` }, undefined)).to.equal(`"(${LOGGED_BODY_BYTES + 1} bytes of JSON, not kept)"`);
    expect(loggedBody({ a: 1 }, LOGGED_BODY_BYTES + 1), 'as declared').to.equal(
      `"(${LOGGED_BODY_BYTES + 1} bytes of JSON, not kept)"`,
    );
    expect(loggedBody({ s: 'é' }, 12)).to.equal('{"s":"é"}');
  });

  it('when a path is at LOGGED_PATH_CHARS it is kept whole; longer, then cut, saying its length', () => {
    const at = `/p?q=${'x'.repeat(LOGGED_PATH_CHARS - 5)}`;
    expect(loggedPath(at)).to.equal(at);
    const long = `/p?q=${'x'.repeat(60_000)}`;
    expect(loggedPath(long)).to.equal(`${long.slice(0, LOGGED_PATH_CHARS)}…(${long.length} characters)`);
  });
});
