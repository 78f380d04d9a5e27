// The mock against the service: the same outcome (2xx, or the status as a problem), or a known difference.
import { outcomeOf } from '../parity/send.js';
import type { EdgeCase } from './edge-case.js';
import type { Answer } from './wire.js';

/** A 404 for what is not stored, at a path the contract names: the mock stores nothing and answers its example. */
const needsState = (edgeCase: EdgeCase, service: Answer) =>
  !edgeCase.unnamed && service.status === 404 && (service.type === 'not-found' || edgeCase.request.method === 'HEAD');

/** Where the mock answered otherwise than the service and no row of its known differences says so, or says so no longer. */
export function mockFaults(edgeCase: EdgeCase, service: Answer, mock: Answer): string[] {
  const [fromService, fromMock] = [
    outcomeOf(service.status, service.contentType),
    outcomeOf(mock.status, mock.contentType),
  ];
  const agrees = fromService === fromMock || (fromMock === 'accept' && needsState(edgeCase, service));
  // A row says the mock may answer otherwise; the parity corpus, which writes the row, shows it still does.
  return agrees || edgeCase.knownDifference ? [] : [`the service ${fromService}, the mock ${fromMock}`];
}
