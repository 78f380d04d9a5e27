import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { rawRequest, type RawResponse } from '../helpers/raw.js';
import { startService, type Service } from '../helpers/service.js';

const NAMESPACE = '/api/identity/settings/strict';

function expectProblem(reply: RawResponse, status: number, type: string): Record<string, unknown> {
  expect(reply.status, reply.text).to.equal(status);
  const problem = JSON.parse(reply.text);
  expect(problem).to.include({ type: `urn:problem:collab:${type}`, status });
  return problem;
}

describe('request bodies are JSON in UTF-8, and nothing else', () => {
  let service: Service;
  before(async () => {
    service = await startService();
    expect((await call(service, 'PATCH', NAMESPACE, { body: { patch: { kept: 'yes' } } })).status).to.equal(200);
  });
  after(async () => {
    await service.close();
  });

  const patch = (body: string | Buffer, headers: Record<string, string> = {}) =>
    rawRequest(service, 'PATCH', NAMESPACE, { 'content-type': 'application/json', ...headers }, body);
  /** The namespace is as the first write left it. */
  const expectUnchanged = async () =>
    expect((await call(service, 'GET', NAMESPACE)).body.settings).to.deep.equal({ kept: 'yes' });

  it('when the charset is utf-8 in any case, quoted or not, then the body is taken', async () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json; charset="utf-8"',
    ]) {
      expect((await patch('{"patch":{"n":1}}', { 'content-type': type })).status, type).to.equal(200);
    }
  });

  it('when another charset is named (utf-16, utf-32, latin1), then 415 says bodies are UTF-8, and nothing is stored', async () => {
    await call(service, 'PATCH', NAMESPACE, { body: { patch: { n: null } } });
    for (const charset of ['utf-16', 'UTF-16LE', 'utf-32', 'latin1', 'utf8']) {
      const body = charset.toLowerCase().startsWith('utf-16')
        ? Buffer.from('{"patch":{"x":1}}', 'utf16le')
        : '{"patch":{"x":1}}';
      const problem = expectProblem(
        await patch(body, { 'content-type': `application/json; charset=${charset}` }),
        415,
        'unsupported-media-type',
      );
      expect(problem.detail, charset).to.contain('UTF-8');
    }
    await expectUnchanged();
  });

  it('when the body is not valid UTF-8 (a lone continuation byte, an overlong form, a surrogate), then 400 says so, and nothing is stored', async () => {
    for (const bytes of [[0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff]]) {
      const body = Buffer.concat([Buffer.from('{"patch":{"x":"'), Buffer.from(bytes), Buffer.from('"}}')]);
      const problem = expectProblem(await patch(body), 400, 'malformed-json');
      expect(problem.detail).to.contain('not valid UTF-8');
    }
    await expectUnchanged();
  });

  it('when a number is too large for a double (1e400, -1e400, 400 digits), then 400 names the field, and nothing is stored', async () => {
    const tooLarge = 'must be a number a double holds: at most about 1.8e308 in size';
    for (const [literal, path] of [
      ['1e400', '/body/patch/x'],
      ['-1E+400', '/body/patch/x'],
      [`${'9'.repeat(400)}`, '/body/patch/x'],
    ]) {
      const problem = expectProblem(await patch(`{"patch":{"x":${literal}}}`), 400, 'validation-failed');
      expect(problem.errors, literal).to.deep.equal([{ path, message: tooLarge }]);
    }
    const deep = expectProblem(await patch('{"patch":{"a":[1,{"b/c":2e999}]}}'), 400, 'validation-failed');
    expect(deep.errors).to.deep.equal([{ path: '/body/patch/a/1/b~1c', message: tooLarge }]);
    await expectUnchanged();
  });

  it('when large finite numbers or strings that look like huge numbers are sent, then they are stored as sent; 1e-400, which a double keeps as 0, is refused', async () => {
    const reply = await patch('{"patch":{"big":1e308,"text":"1e999","digits":"' + '9'.repeat(400) + '"}}');
    expect(reply.status).to.equal(200);
    expect(JSON.parse(reply.text).settings).to.deep.include({ big: 1e308, text: '1e999', digits: '9'.repeat(400) });
    await call(service, 'PATCH', NAMESPACE, { body: { patch: { big: null, text: null, digits: null } } });
    const tiny = expectProblem(await patch('{"patch":{"tiny":1e-400}}'), 400, 'validation-failed');
    expect(tiny.errors).to.deep.equal([
      { path: '/body/patch/tiny', message: 'must be a number a double holds exactly: this one would be kept as 0' },
    ]);
    await expectUnchanged();
  });

  it('when the body has a Content-Encoding (gzip, even well-formed, or any other), then 415 says to send it uncompressed, and nothing is stored', async () => {
    for (const [encoding, body] of [
      ['gzip', gzipSync('{"patch":{"x":1}}')],
      ['gzip', Buffer.from('not gzip at all')],
      ['br', Buffer.from('x')],
      ['x-unknown', Buffer.from('{}')],
    ] as const) {
      const problem = expectProblem(await patch(body, { 'content-encoding': encoding }), 415, 'unsupported-media-type');
      expect(problem.detail, encoding).to.contain('uncompressed');
    }
    expect((await patch('{"patch":{"n":2}}', { 'content-encoding': 'identity' })).status).to.equal(200);
    await call(service, 'PATCH', NAMESPACE, { body: { patch: { n: null } } });
    await expectUnchanged();
  });
});
