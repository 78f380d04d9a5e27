import { expect } from 'chai';
import { call } from '../helpers/client.js';
import { aDevice, aDraft, uuid } from '../helpers/factories.js';
import { startPrism } from '../helpers/prism.js';
import { startService, type Service } from '../helpers/service.js';
import { parityCases, type ParityCase } from './parity/cases.js';

const send = (target: Service, parityCase: ParityCase) =>
  call(target, parityCase.method, parityCase.path, {
    body: parityCase.body,
    headers: parityCase.contentType ? { 'content-type': parityCase.contentType } : {},
  });

const outcome = (status: number) => (status >= 200 && status < 300 ? 'accept' : status);

describe('parity: the Prism mock and the service agree on every case of the corpus', function () {
  this.timeout(120_000);
  let service: Service;
  let mock: Service;
  before(async () => {
    [service, mock] = await Promise.all([startService(), startPrism('mock')]);
  });
  after(async () => {
    await Promise.all([service.close(), mock.close()]);
  });

  it(`when the ${parityCases.length} cases go to both, then they accept and reject alike, but for the known differences`, async () => {
    const disagreements: string[] = [];
    const known: string[] = [];
    for (const parityCase of parityCases) {
      const [fromService, fromMock] = [
        outcome((await send(service, parityCase)).status),
        outcome((await send(mock, parityCase)).status),
      ];
      expect(fromService, `the service on "${parityCase.name}"`).to.equal(parityCase.expect);
      if (parityCase.knownDifference) {
        expect(
          fromMock,
          `"${parityCase.name}" is listed as a known difference, but the mock now agrees: remove it`,
        ).to.not.equal(fromService);
        known.push(parityCase.name);
      } else if (fromMock !== fromService) {
        disagreements.push(`${parityCase.name}: service ${fromService}, mock ${fromMock}`);
      }
    }
    console.log(
      `      parity: ${parityCases.length} cases, ${disagreements.length} disagreements, ${known.length} known differences (${known.join('; ')})`,
    );
    expect(disagreements).to.deep.equal([]);
  });

  it('when a status or header needs state or routing the mock lacks, then they differ exactly as mocks/reference.md lists', async () => {
    const both = (method: string, path: string, body?: unknown) =>
      Promise.all([call(service, method, path, { body }), call(mock, method, path, { body })]);
    const [created, mockCreated] = await both('POST', '/api/streams', { title: 'Location' });
    for (const reply of [created, mockCreated])
      expect(reply.headers.get('location')).to.match(/^\/api\/streams\/[0-9a-f-]{36}$/);
    const [wrongMethod, mockWrongMethod] = await both('DELETE', '/api/streams/nav');
    expect([wrongMethod.status, mockWrongMethod.status]).to.deep.equal([405, 405]);
    expect(wrongMethod.headers.get('allow')?.split(', '), 'the service names the methods').to.have.members([
      'GET',
      'PATCH',
    ]);
    expect(mockWrongMethod.headers.get('allow'), 'known difference: Prism sends no Allow').to.equal(null);
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
