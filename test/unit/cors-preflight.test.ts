import { expect } from 'chai';
import { isPreflight, preflightRefusal } from '../../src/lib/cors-preflight.js';

const ORIGIN = 'http://localhost:5173';
const asked = {
  Origin: ORIGIN,
  'Access-Control-Request-Method': 'PATCH',
  'Access-Control-Request-Headers': 'content-type,if-match',
};
const answered =
  (headers: Record<string, string>) =>
  (name: string): string | null =>
    headers[name] ?? null;
const allowing = {
  'access-control-allow-origin': ORIGIN,
  'access-control-allow-methods': 'GET,HEAD,PUT,PATCH,POST,DELETE',
  'access-control-allow-headers': 'Content-Type,If-Match,Authorization',
};

describe('CORS preflights as a browser reads them (make record, make verify-consumer)', () => {
  it('when OPTIONS carries Origin and Access-Control-Request-Method, in any case, then it is a preflight; without either, it is not', () => {
    expect([
      isPreflight('OPTIONS', asked),
      isPreflight('options', { origin: ORIGIN, 'access-control-request-method': 'GET' }),
      isPreflight('OPTIONS', { origin: ORIGIN }),
      isPreflight('OPTIONS', { 'access-control-request-method': 'GET' }),
      isPreflight('PATCH', asked),
    ]).to.deep.equal([true, true, false, false, false]);
  });

  it('when the answer allows the origin, the method and every header asked, then nothing is wrong; * allows any but Authorization', () => {
    expect(preflightRefusal(asked, 204, answered(allowing))).to.equal(undefined);
    const star = {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': '*',
      'access-control-allow-headers': '*',
    };
    expect(preflightRefusal(asked, 200, answered(star))).to.equal(undefined);
    expect(
      preflightRefusal({ ...asked, 'Access-Control-Request-Headers': 'authorization' }, 200, answered(star)),
    ).to.equal(
      `the preflight from ${ORIGIN} for PATCH with authorization: Access-Control-Allow-Headers (*) lacks authorization`,
    );
  });

  it('when the status is not 2xx, or the origin, the method or a header is not allowed, then it says which', () => {
    const refusal = (status: number, headers: Record<string, string>) =>
      preflightRefusal(asked, status, answered(headers))?.replace(
        `the preflight from ${ORIGIN} for PATCH with content-type, if-match`,
        '…',
      );
    expect([
      refusal(403, allowing),
      refusal(204, { ...allowing, 'access-control-allow-origin': 'https://elsewhere.example' }),
      refusal(
        204,
        Object.fromEntries(Object.entries(allowing).filter(([name]) => name !== 'access-control-allow-origin')),
      ),
      refusal(204, { ...allowing, 'access-control-allow-methods': 'GET, POST' }),
      refusal(204, { ...allowing, 'access-control-allow-headers': 'content-type' }),
    ]).to.deep.equal([
      '… was answered 403',
      '…: Access-Control-Allow-Origin is https://elsewhere.example',
      '…: Access-Control-Allow-Origin is absent',
      '…: Access-Control-Allow-Methods (GET, POST) lacks PATCH',
      '…: Access-Control-Allow-Headers (content-type) lacks if-match',
    ]);
  });
});
