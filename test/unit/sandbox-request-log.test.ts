import { expect } from 'chai';
import {
  LOG_BYTES,
  LOG_SIZE,
  LOGGED_BODY_BYTES,
  LOGGED_PATH_CHARS,
  loggedBody,
  loggedPath,
  RequestLog,
  type LoggedRequest,
} from '../../src/sandbox/request-log.js';

const entry = (n: number): LoggedRequest => ({
  at: '2026-01-01T00:00:00.000Z',
  requestId: `r${n}`,
  method: 'GET',
  path: `/p?n=${n}`,
  status: 200,
});

describe("the sandbox's request log (src/sandbox/request-log.ts)", () => {
  it('when more than LOG_SIZE small requests are added, then the last LOG_SIZE are listed, newest first', () => {
    const log = new RequestLog();
    for (let n = 0; n < LOG_SIZE + 7; n++) log.add(entry(n), 10);
    const listed = log.list().map((logged) => logged.requestId);
    expect(listed).to.have.length(LOG_SIZE);
    expect([listed[0], listed.at(-1)]).to.deep.equal([`r${LOG_SIZE + 6}`, 'r7']);
  });

  it('when requests add up past LOG_BYTES, then the oldest are dropped until it holds, whatever their number', () => {
    const log = new RequestLog();
    const each = 100_000; // + 200 for the entry's other members
    for (let n = 0; n < 30; n++) log.add(entry(n), each);
    const kept = Math.floor(LOG_BYTES / (each + 200));
    expect(log.list().map((logged) => logged.requestId)).to.deep.equal(
      Array.from({ length: kept }, (_, back) => `r${29 - back}`),
    );
  });

  it('when one request alone is larger than LOG_BYTES, then it is still listed, alone', () => {
    const log = new RequestLog();
    log.add(entry(1), 10);
    log.add(entry(2), LOG_BYTES * 2);
    expect(log.list().map((logged) => logged.requestId)).to.deep.equal(['r2']);
  });

  it('when a body is at LOGGED_BODY_BYTES it is kept as parsed (the same object); one byte more, then a note of its size', () => {
    const body = { a: 1 };
    expect(loggedBody(body, LOGGED_BODY_BYTES)).to.deep.equal({ body, bytes: LOGGED_BODY_BYTES });
    expect(loggedBody(body, LOGGED_BODY_BYTES).body).to.equal(body);
    expect(loggedBody(body, LOGGED_BODY_BYTES + 1).body).to.equal(`(${LOGGED_BODY_BYTES + 1} bytes of JSON, not kept)`);
    expect(loggedBody({ s: 'é' }, undefined).bytes, 'measured when no length was declared (chunked)').to.equal(
      Buffer.byteLength('{"s":"é"}'),
    );
  });

  it('when a path is at LOGGED_PATH_CHARS it is kept whole; longer, then cut, saying its length', () => {
    const at = `/p?q=${'x'.repeat(LOGGED_PATH_CHARS - 5)}`;
    expect(loggedPath(at)).to.equal(at);
    const long = `/p?q=${'x'.repeat(60_000)}`;
    expect(loggedPath(long)).to.equal(`${long.slice(0, LOGGED_PATH_CHARS)}…(${long.length} characters)`);
  });
});
