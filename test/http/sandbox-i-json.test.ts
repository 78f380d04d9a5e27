import { expect } from 'chai';
import { call, type CallOptions } from '../helpers/client.js';
import { startSandbox } from '../helpers/sandbox.js';
import type { Service } from '../helpers/service.js';

// The sandbox's own bodies (POST /sandbox/reset, PUT /sandbox/scenarios/{name}) are read by the service's parser too:
// I-JSON, or 400 naming the member, and nothing reset or defined.
const TWICE = 'is named more than once in its object: send each member once';
const LONE = 'must not hold a lone surrogate (U+D800 to U+DFFF outside a pair)';
const SESSION = 'i-json-controls';
const inSession = (body?: string): CallOptions => ({ headers: { 'x-sandbox-session': SESSION }, body });

describe("the sandbox's own bodies are I-JSON", () => {
  let sandbox: Service;
  const settings = '/api/identity/settings/controls';
  before(async () => {
    sandbox = await startSandbox();
    const written = await call(sandbox, 'PATCH', settings, inSession('{"patch":{"written":true}}'));
    expect(written.status).to.equal(200);
  });
  after(async () => {
    await sandbox.close();
  });

  const pathsAndMessages = (body: { errors?: { path: string; message: string }[] }) => body.errors;

  it('when a reset names a member twice or holds a lone surrogate, then 400 names it, and the session is not reset', async () => {
    for (const [body, path, message] of [
      ['{"scenario":"empty-user","scenario":"many-devices"}', '/body/scenario', TWICE],
      ['{"seed":"\\ud800"}', '/body/seed', LONE],
    ] as const) {
      const reply = await call(sandbox, 'POST', '/sandbox/reset', inSession(body));
      expect([reply.status, reply.body.type], body).to.deep.equal([400, 'urn:problem:collab:validation-failed']);
      expect(pathsAndMessages(reply.body), body).to.deep.equal([{ path, message }]);
    }
    const kept = await call(sandbox, 'GET', settings, inSession());
    expect([kept.status, kept.body.settings]).to.deep.equal([200, { written: true }]);
  });

  it('when a scenario names a member twice or holds a number no double holds, then 400 names it, and no scenario is defined', async () => {
    const step = (body: string) => `{"steps":[{"method":"PATCH","path":"/api/streams/nav","body":${body}}]}`;
    for (const [body, path, message] of [
      [
        step('{"leftSidebarWidth":9007199254740993}'),
        '/body/steps/0/body/leftSidebarWidth',
        'must be a number a double holds exactly: this one would be kept as 9007199254740992',
      ],
      ['{"steps":[],"description":"a","steps":[]}', '/body/steps', TWICE],
    ] as const) {
      const reply = await call(sandbox, 'PUT', '/sandbox/scenarios/i-json', inSession(body));
      expect([reply.status, reply.body.type], body).to.deep.equal([400, 'urn:problem:collab:validation-failed']);
      expect(pathsAndMessages(reply.body), body).to.deep.equal([{ path, message }]);
    }
    const listed = (await call(sandbox, 'GET', '/sandbox/scenarios')).body.items;
    expect(listed.map((scenario: { name: string }) => scenario.name)).to.not.include('i-json');
  });
});
