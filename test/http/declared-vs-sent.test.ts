import { expect } from 'chai';
import { call, type Reply } from '../helpers/client.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';
import { startServices, type Services } from './error-examples/requests.js';
import { declaredFor, declaredPreflight } from './declared-vs-sent/declared.js';
import { alwaysSentFaults, faultsOf, type Answer } from './declared-vs-sent/faults.js';
import { RECIPES, UNREACHABLE, type Servers } from './declared-vs-sent/recipes.js';
import { OPERATIONS, raw } from './declared-vs-sent/requests.js';

// For every operation and every status openapi.yaml declares for it, a request that makes the service (and, where it
// needs no special set-up, the sandbox) answer that status; then every answer against the contract: the status
// declared, each header declared and each required one sent, the problem type one its description names. Every
// operation's malformed request and every path's CORS preflight besides. So what is sent cannot drift from what is
// declared, nor the other way round.

/** Optional headers that may be missing from a status they were always sent with here, and why. */
const OPTIONAL: Record<string, string> = {
  Link: 'only when another page follows',
  'Access-Control-Allow-Credentials': 'from the sandbox only',
  'X-Request-Id 405': "the Prism mock's own 405 carries none (mocks/reference.md), as it carries no Allow",
};
const ORIGIN = 'http://app.example';
const problemKind = (body: unknown) =>
  (body as { type?: unknown } | null)?.type?.toString().replace('urn:problem:collab:', '') ?? undefined;
const answerOf = (where: string, method: string, reply: Reply): Answer => ({
  where,
  method,
  status: reply.status,
  headers: [...reply.headers.keys()],
  ...(reply.status >= 400 && problemKind(reply.body) ? { type: problemKind(reply.body)! } : {}),
});

interface Sent {
  key: string;
  asked?: number;
  answer: Answer;
  method: string;
  template: string;
}

describe('what the servers send against what openapi.yaml declares, for every operation and status', function () {
  this.timeout(300_000);
  let services: Services;
  let sandbox: Service;
  let cors: Service;
  const sent: Sent[] = [];
  const unmade: string[] = [];

  before(async () => {
    [services, sandbox, cors] = await Promise.all([
      startServices(),
      startSandbox(),
      startService({ corsOrigins: [ORIGIN] }),
    ]);
    const inSession = { ...sandbox, headers: { 'x-sandbox-session': 'declared-vs-sent' } };
    for (const op of OPERATIONS) {
      const name = `${op.method} ${op.template}`;
      for (const { status } of op.responses) {
        const recipe = RECIPES[status]?.(op);
        const key = `${name} ${status}`;
        if (!recipe) {
          if (!(key in UNREACHABLE)) unmade.push(`${key}: no request makes it (test/http/declared-vs-sent/recipes.ts)`);
          continue;
        }
        const targets: [string, Servers][] = [['the service', { ...services, normal: services.plain }]];
        if (recipe.normal) targets.push(['the sandbox', { ...services, normal: inSession }]);
        for (const [server, servers] of targets) {
          const reply = await recipe.send(servers);
          const answer = answerOf(`${server}: ${key}`, op.method, reply);
          const asked = Number(status);
          sent.push({ key, asked, answer, method: op.method, template: op.template });
        }
      }
      const malformed = await raw(services.plain, op, ['Host: 127.0.0.1', 'Content-Length: ten']);
      const answer = answerOf(`malformed: ${name}`, op.method, malformed);
      sent.push({ key: `${name} 400`, answer, method: op.method, template: op.template });
    }
  });
  after(async () => {
    await Promise.all([...Object.values(services), sandbox, cors].map((service) => service.close()));
  });

  it('when every status every operation declares is asked for, then a request makes it, and it is what is answered', () => {
    const wrong = sent
      .filter(({ asked, answer }) => asked !== undefined && asked !== answer.status)
      .map(({ answer, asked }) => `${answer.where}: answered ${answer.status} ${answer.type ?? ''}, asked ${asked}`);
    expect([...unmade, ...wrong]).to.deep.equal([]);
    expect(sent.length).to.be.above(OPERATIONS.length * 8);
  });

  it('when every answer is read, then its status, headers and problem type are declared, and its required headers sent', () => {
    const faults = sent.flatMap(({ answer, method, template }) => faultsOf(answer, declaredFor(method, template)));
    expect(faults).to.deep.equal([]);
  });

  it('when a header was sent with every answer of a status, then it is declared required, or optional for a reason', () => {
    const answers = sent.map(({ key, answer, method, template }) => ({
      key,
      answer,
      declared: declaredFor(method, template)?.get(String(answer.status)),
    }));
    expect(alwaysSentFaults(answers, OPTIONAL)).to.deep.equal([]);
  });

  it('when every path gets a CORS preflight, then x-cors-preflight declares its 204 and its 403', async () => {
    const preflight = (origin: string) => ({
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'if-none-match' },
    });
    const faults: string[] = [];
    for (const template of new Set(OPERATIONS.map((op) => op.template))) {
      const path = OPERATIONS.find((op) => op.template === template)!.path;
      for (const [where, target, origin, status] of [
        ['the service, an allowed origin', cors, ORIGIN, 204],
        ['the service, another origin', cors, 'http://evil.example', 403],
        ['the sandbox', sandbox, 'http://evil.example', 204],
      ] as const) {
        const answer = answerOf(
          `${where}: OPTIONS ${template}`,
          'OPTIONS',
          await call(target, 'OPTIONS', path, preflight(origin)),
        );
        if (answer.status !== status) faults.push(`${answer.where}: answered ${answer.status}, not ${status}`);
        faults.push(...faultsOf(answer, declaredPreflight()));
      }
    }
    expect(faults).to.deep.equal([]);
  });
});
