import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { startPrism } from '../helpers/prism.js';
import { startService, type Service } from '../helpers/service.js';
import { parityCases } from './parity/cases.js';
import { send, type Outcome } from './parity/send.js';
import { documentedTable, knownDifferencesTable, REFERENCE, writeTable, type Known } from './parity/table.js';

describe('parity: the Prism mock and the service agree on every case of the corpus', function () {
  this.timeout(120_000);
  let service: Service;
  let mock: Service;
  const outcomes: { service: Outcome; mock: Outcome }[] = [];
  before(async () => {
    [service, mock] = await Promise.all([startService(), startPrism('mock')]);
    for (const parityCase of parityCases)
      outcomes.push({ service: await send(service, parityCase), mock: await send(mock, parityCase) });
  });
  after(async () => {
    await Promise.all([service.close(), mock.close()]);
  });

  it(`when the ${parityCases.length} cases go to the service, then it answers each as the corpus says`, () => {
    const wrong = parityCases.flatMap((parityCase, index) =>
      outcomes[index]?.service === parityCase.expect ? [] : [`${parityCase.name}: ${outcomes[index]?.service}`],
    );
    expect(wrong).to.deep.equal([]);
  });

  it('when they go to the mock, then it answers each as the service did (a problem where the service sends one), but for the known differences, which still differ', () => {
    const disagreements = parityCases.flatMap((parityCase, index) => {
      const { service: fromService, mock: fromMock } = outcomes[index] ?? {};
      if (parityCase.knownDifference)
        return fromMock === fromService ? [`${parityCase.name}: a known difference, but the mock now agrees`] : [];
      return fromMock === fromService ? [] : [`${parityCase.name}: service ${fromService}, mock ${fromMock}`];
    });
    expect(disagreements).to.deep.equal([]);
  });

  it(`when the known differences are written as a table, then it is the one ${REFERENCE} shows`, () => {
    const known: Known[] = parityCases.flatMap((parityCase, index) => {
      const { service: fromService = 'accept', mock: fromMock = 'accept' } = outcomes[index] ?? {};
      return parityCase.knownDifference
        ? [{ difference: parityCase.knownDifference, service: fromService, mock: fromMock }]
        : [];
    });
    const table = knownDifferencesTable(known);
    // WRITE_KNOWN_DIFFERENCES=1 writes the table from this run instead.
    if (process.env.WRITE_KNOWN_DIFFERENCES) writeTable(table);
    expect(
      documentedTable(),
      `${REFERENCE} does not show what the mock does: WRITE_KNOWN_DIFFERENCES=1 npx mocha test/system/parity.test.ts writes it`,
    ).to.equal(table);
  });

  it('when a status or header needs state the mock lacks, then they differ exactly as mocks/reference.md lists; a method a path does not serve is the same 405', async () => {
    const both = (method: string, path: string, body?: unknown) =>
      Promise.all([call(service, method, path, { body }), call(mock, method, path, { body })]);
    const [created, mockCreated] = await both('POST', '/api/streams', { title: 'Location' });
    for (const reply of [created, mockCreated])
      expect(reply.headers.get('location')).to.match(/^\/api\/streams\/[0-9a-f-]{36}$/);
    const [wrongMethod, mockWrongMethod] = await both('DELETE', '/api/streams/nav');
    expect([wrongMethod.status, mockWrongMethod.status]).to.deep.equal([405, 405]);
    for (const reply of [wrongMethod, mockWrongMethod]) {
      expect(reply.headers.get('allow')?.split(', '), 'the methods the path serves').to.have.members(['GET', 'PATCH']);
      expect(reply.body).to.include({ type: 'urn:problem:collab:method-not-allowed', status: 405 });
    }
    const [registered, mockRegistered] = await both('PUT', '/api/notifications/devices', aDevice());
    expect(
      [registered.status, mockRegistered.status],
      'known difference: Prism answers a first PUT with 200',
    ).to.deep.equal([201, 200]);
    const [saved, mockSaved] = await both('PUT', `/api/cycles/templates/${uuid()}/draft`, aDraft());
    expect([saved.status, mockSaved.status], 'known difference: Prism answers a first PUT with 200').to.deep.equal([
      201, 200,
    ]);
  });
});
