import { expect } from 'chai';
import { DatabaseError } from 'pg';
import { isConnectionLost } from '../../src/store/postgres/errors.js';

const serverError = (code: string) => Object.assign(new DatabaseError('from the server', 0, 'error'), { code });

describe('isConnectionLost: what store_connection_lost_total counts', () => {
  it('when the server ended the connection (administrator, crash, shutdown, a connection exception), then it is lost', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003'])
      expect(isConnectionLost(serverError(code)), code).to.equal(true);
  });

  it('when the socket broke or the driver says the connection ended, then it is lost', () => {
    expect(isConnectionLost(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).to.equal(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).to.equal(true);
  });

  it('when only the statement failed (a timeout, a conflict, a bug), then the connection is not counted as lost', () => {
    for (const code of ['57014', '40001', '23505', '42P01'])
      expect(isConnectionLost(serverError(code)), code).to.equal(false);
    expect(isConnectionLost(new TypeError('x is not a function'))).to.equal(false);
    expect(isConnectionLost(true)).to.equal(false);
    expect(isConnectionLost(undefined)).to.equal(false);
  });
});
