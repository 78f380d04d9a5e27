import { expect } from 'chai';
import { DEFAULT_LIMITS } from '../../src/config/limits.js';
import { SESSION_HEADER } from '../../src/sandbox/sessions.js';
import { call } from '../helpers/client.js';
import { startPrism } from '../helpers/prism.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';
import { needs } from '../helpers/needs.js';
import { edgeSweepCases } from './edge-sweep/cases.js';
import { docsBuilt, fileCases, fileFaults } from './edge-sweep/file-cases.js';
import { alikeFaults, contractFaults, ruleFaults, type Sent } from './edge-sweep/checks.js';
import type { EdgeCase, Rule } from './edge-sweep/edge-case.js';
import { mockFaults } from './edge-sweep/mock-checks.js';
import { sendTo } from './edge-sweep/wire.js';
import { documentedTable, REFERENCE } from './parity/table.js';

// Every edge of HTTP, JSON and integers below, for every operation openapi.yaml declares, on all three servers.

const RULES: [Rule, string][] = [
  ['spellings', 'a path spelled otherwise, or a path parameter malformed or holding %2F'],
  ['integers', 'an integer parameter in another notation, not finite, or out of its range'],
  ['i-json', 'a body that is JSON but not I-JSON'],
  ['methods', 'its example, HEAD, OPTIONS without Origin, a method no path serves'],
  ['media types', 'an empty JSON body, a body where none is read, a Content-Type that does not parse'],
  ['framing', 'a transfer coding, HTTP/1.0, no Host or two, the absolute form, an unknown Expect'],
];
const SESSION = 'edge-sweep';
/**
 * What the mock is not asked for: its problem types (Prism's own for 404 and 405) and Allow on a 405 it makes, both in
 * mocks/reference.md beside the generated table, the latter pinned by parity.test.ts.
 */
const MOCK_UNCHECKED = { types: false, unchecked: ['Allow'] };
const CASES = edgeSweepCases();

interface Swept {
  edgeCase: EdgeCase;
  service: Sent;
  sandbox: Sent;
  mock: Sent;
}

async function sendCase(server: Service, edgeCase: EdgeCase): Promise<Sent> {
  const { expect: expected } = edgeCase;
  // The same request without the edge, at values of its own, just before it.
  const twin = typeof expected === 'object' && 'twin' in expected ? await sendTo(server, expected.twin) : undefined;
  return { answer: await sendTo(server, edgeCase.request), ...(twin ? { twin } : {}) };
}

const listed = (faults: [EdgeCase, string[]][]) =>
  faults.flatMap(([edgeCase, found]) => found.map((fault) => `${edgeCase.name}: ${fault}`));

describe('edge sweep: every operation of openapi.yaml gets the edges of HTTP, JSON and integers, on the service, the sandbox and the mock', function () {
  this.timeout(120_000);
  let servers: Service[] = [];
  const swept: Swept[] = [];
  before(async () => {
    // The write rate is not what is swept: none, as on the service under test (startService).
    const limits = { ...DEFAULT_LIMITS, writesPerWindow: Number.MAX_SAFE_INTEGER };
    const [service, sandbox, mock] = await Promise.all([startService(), startSandbox({ limits }), startPrism('mock')]);
    servers = [service, sandbox, mock];
    // One sandbox session from nothing stored, as the fresh service holds nothing: the two then answer alike.
    const inSession = { ...sandbox, headers: { [SESSION_HEADER]: SESSION } };
    const reset = await call(inSession, 'POST', '/sandbox/reset', { body: { scenario: 'empty-user' } });
    expect(reset.status, JSON.stringify(reset.body)).to.equal(204);
    for (const edgeCase of CASES) {
      const [fromService, fromSandbox, fromMock] = await Promise.all(
        [service, inSession, mock].map((server) => sendCase(server, edgeCase)),
      );
      swept.push({ edgeCase, service: fromService!, sandbox: fromSandbox!, mock: fromMock! });
    }
  });
  after(async () => {
    await Promise.all(servers.map((server) => server.close()));
  });

  for (const [rule, edges] of RULES) {
    const ofRule = () => swept.filter(({ edgeCase }) => edgeCase.rule === rule);

    it(`when every operation gets ${edges}, then the service and the sandbox answer alike, as the rule says, with a declared status, errors as problems of the catalogue and the headers declared required`, () => {
      expect(ofRule().length, 'cases of this rule').to.be.above(0);
      const faults = ofRule().map(({ edgeCase, service, sandbox }): [EdgeCase, string[]] => [
        edgeCase,
        [
          ...ruleFaults(edgeCase, service).map((fault) => `the service: ${fault}`),
          ...ruleFaults(edgeCase, sandbox).map((fault) => `the sandbox: ${fault}`),
          ...contractFaults(edgeCase, service.answer).map((fault) => `the service: ${fault}`),
          ...contractFaults(edgeCase, sandbox.answer).map((fault) => `the sandbox: ${fault}`),
          ...alikeFaults(service.answer, sandbox.answer),
        ],
      ]);
      expect(listed(faults)).to.deep.equal([]);
    });

    it(`when the mock gets ${edges}, then it answers as the service did with a declared status, or the difference is a row of ${REFERENCE}`, () => {
      const faults = ofRule().map(({ edgeCase, service, mock }): [EdgeCase, string[]] => [
        edgeCase,
        [
          ...mockFaults(edgeCase, service.answer, mock.answer),
          // A known difference is the mock answering otherwise: the row says so, whatever it answers.
          ...(edgeCase.knownDifference ? [] : contractFaults(edgeCase, mock.answer, MOCK_UNCHECKED)).map(
            (fault) => `the mock: ${fault}`,
          ),
        ],
      ]);
      expect(listed(faults)).to.deep.equal([]);
    });
  }

  it('when the file served beside the API asks a range, an unsatisfiable one or a failed precondition, then 206, 416 or 412 as problems, alike on the service and the sandbox', async function () {
    needs(this, docsBuilt() ? undefined : 'the reference built, which serves /openapi.yaml: npm run build:docs');
    const [service, sandbox] = servers as [Service, Service];
    const faults = [];
    for (const fileCase of fileCases()) {
      const [fromService, fromSandbox] = [
        await sendTo(service, fileCase.request),
        await sendTo(sandbox, fileCase.request),
      ];
      faults.push(
        ...fileFaults(fileCase, fromService).map((fault) => `${fileCase.name}: the service: ${fault}`),
        ...fileFaults(fileCase, fromSandbox).map((fault) => `${fileCase.name}: the sandbox: ${fault}`),
        ...alikeFaults(fromService, fromSandbox).map((fault) => `${fileCase.name}: ${fault}`),
      );
    }
    expect(faults).to.deep.equal([]);
  });

  it(`when the sweep names a known difference, then it is a row of ${REFERENCE}`, () => {
    const table = documentedTable();
    const named = new Set(CASES.flatMap(({ knownDifference }) => (knownDifference ? [knownDifference.request] : [])));
    expect([...named].filter((request) => !table.includes(`| ${request}`))).to.deep.equal([]);
  });
});
