import { expect } from 'chai';
import { integerParameters } from '../../src/contract/integer-parameters.js';
import { loadSpec } from '../../src/contract/spec.js';
import { call, pathsOf } from '../helpers/client.js';
import { aDevice, uuid } from '../helpers/factories.js';
import { startSandbox } from '../helpers/sandbox.js';
import { startService, type Service } from '../helpers/service.js';

// An integer parameter is decimal digits (a leading - only where negatives are allowed), nothing else.

/** Each value as it is written in the query string; a name says what a client meant by it. */
const REFUSED: [string, string][] = [
  ['-Infinity', '-Infinity'],
  ['Infinity', 'Infinity'],
  ['1e999', '1e999'],
  ['-1e999', '-1e999'],
  ['400 digits (Infinity as a double)', '9'.repeat(400)],
  ['2^53 + 1', '9007199254740993'],
  ['0x2', '0x2'],
  ['0b10', '0b10'],
  ['0o7', '0o7'],
  ['" 5"', '%205'],
  ['"5 "', '5%20'],
  ['+2', '%2B2'],
  ['2.0', '2.0'],
  ['1e1', '1e1'],
  ['NaN', 'NaN'],
  ['an Arabic-Indic 3', '%D9%A3'],
  ['-2 (negatives not allowed)', '-2'],
  ['-0 (negatives not allowed)', '-0'],
];

/** Every GET with an integer query parameter, by openapi.yaml, its path parameters filled in. */
const LISTS = [...integerParameters(loadSpec())].flatMap(([template, methods]) =>
  (methods.get('get') ?? [])
    .filter((parameter) => parameter.in === 'query')
    .map(({ name }) => ({ name, path: template.replace(/\{[^}]+\}/g, () => uuid()) })),
);

for (const [server, start] of [
  ['the service', () => startService()],
  ['the sandbox', () => startSandbox()],
] as const) {
  describe(`integer query parameters, on ${server}`, () => {
    let service: Service;
    before(async () => {
      service = await start();
    });
    after(async () => {
      await service.close();
    });

    it('when openapi.yaml is read, then the pages of devices and read markers have their limit found', () => {
      expect(LISTS.map(({ name, path }) => `${path.split('/')[2]} ${name}`)).to.have.members([
        'notifications limit',
        'chat limit',
      ]);
    });

    for (const [what, text] of REFUSED) {
      it(`when limit is ${what}, then 400 names /query/limit with its range, on every list`, async () => {
        for (const { name, path } of LISTS) {
          const reply = await call(service, 'GET', `${path}?${name}=${text}`);
          expect(reply.status, `${path} ${what}`).to.equal(400);
          expect(reply.body.errors, `${path} ${what}`).to.deep.equal([
            { path: `/query/${name}`, message: 'must be an integer from 1 to 1000, in decimal digits' },
          ]);
        }
      });
    }

    it('when limit is 2, 002 or 1000 in decimal digits, then the page holds that many, with Link to the next while more are left', async () => {
      for (let index = 0; index < 3; index++)
        await call(service, 'PUT', '/api/notifications/devices', { body: aDevice() });
      const all = (await call(service, 'GET', '/api/notifications/devices?limit=1000')).body.items.length as number;
      expect(all).to.be.at.least(3);
      for (const text of ['2', '002']) {
        const page = await call(service, 'GET', `/api/notifications/devices?limit=${text}`);
        expect([page.status, page.body.items.length], text).to.deep.equal([200, 2]);
        expect(page.headers.get('link'), text).to.match(/rel="next"/);
      }
    });

    it('when limit is 0 or 1001, then the bound is still the validator’s: 400 naming /query/limit', async () => {
      for (const text of ['0', '1001']) {
        const reply = await call(service, 'GET', `/api/notifications/devices?limit=${text}`);
        expect([reply.status, pathsOf(reply)], text).to.deep.equal([400, ['/query/limit']]);
      }
    });
  });
}
