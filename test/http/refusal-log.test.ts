import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { createApp } from '../../src/app.js';
import { parseSize } from '../../src/config/load-config.js';
import { loadSpec } from '../../src/contract/spec.js';
import { createHttpServer } from '../../src/edge/listen.js';
import { createLogger } from '../../src/observability/logger.js';
import { openMemoryStore } from '../../src/store/memory/memory-store.js';
import { exchange } from '../helpers/exchange.js';
import type { Service } from '../helpers/service.js';
import { until } from '../helpers/until.js';

// Every answer the process sends has a log line, Node's own refusals included, by the id it was sent with.

describe("log lines of requests refused before the app reads them (Node's refusals)", () => {
  const lines: Record<string, unknown>[] = [];
  let server: Server;
  let service: Service;
  before(async () => {
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    const app = createApp({
      contract: loadSpec(),
      config: { bodyLimit: parseSize('1mb'), validateResponses: true },
      store: openMemoryStore(),
      logger,
    });
    server = createHttpServer(app).listen(0, '127.0.0.1');
    await once(server, 'listening');
    service = {
      url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
      dataFile: '',
      close: async () => {},
    };
  });
  after(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const refusals: [string, string, number, string][] = [
    [
      'headers over 64 KiB',
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(70_000)}\r\n\r\n`,
      431,
      'HPE_HEADER_OVERFLOW',
    ],
    [
      '101 header fields',
      `GET /healthz HTTP/1.1\r\n${Array.from({ length: 101 }, (_, index) => `X-${index}: v\r\n`).join('')}\r\n`,
      431,
      'HPE_HEADER_OVERFLOW',
    ],
    [
      'a Content-Length that is not a number',
      'PUT /api/chat/reads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: ten\r\n\r\n',
      400,
      'HPE_INVALID_CONTENT_LENGTH',
    ],
    [
      'a method HTTP does not know',
      'BREW /api/streams/nav HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n',
      400,
      'HPE_INVALID_METHOD',
    ],
    ['CONNECT', 'CONNECT 127.0.0.1:1 HTTP/1.1\r\nHost: 127.0.0.1:1\r\n\r\n', 400, 'CONNECT'],
  ];
  for (const [what, bytes, status, reason] of refusals) {
    it(`when ${what} is refused, then one line says so with the answer's request id and status`, async () => {
      const [answer] = await exchange(service, bytes);
      const requestId = answer?.headers.get('x-request-id');
      expect(answer?.status).to.equal(status);
      await until(() => lines.some((line) => line.requestId === requestId));
      expect(lines.filter((line) => line.requestId === requestId)).to.deep.equal([
        {
          ...lines.find((line) => line.requestId === requestId),
          level: 30,
          requestId,
          route: 'unmatched',
          status,
          reason,
          msg: 'request refused before it was read',
        },
      ]);
    });
  }

  it('when the app refuses a request Node used to (no Host), then its line is a request line, with the method', async () => {
    const [answer] = await exchange(service, 'GET /api/streams/nav HTTP/1.1\r\nConnection: close\r\n\r\n');
    const requestId = answer?.headers.get('x-request-id');
    expect(answer?.status).to.equal(400);
    await until(() => lines.some((line) => line.requestId === requestId));
    expect(lines.find((line) => line.requestId === requestId)).to.include({
      method: 'GET',
      status: 400,
      msg: 'request completed',
    });
  });
});
