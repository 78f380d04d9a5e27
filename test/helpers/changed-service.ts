import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startService, type Service } from './service.js';
import { verify } from './verify-consumer.js';

/**
 * The service with one change a release might bring: a proxy that passes every request on, and
 * answers a request `change` picks with another status (the same headers and body). What
 * make verify-consumer must catch.
 */
export async function changedService(
  service: Service,
  change: (method: string, path: string) => number | undefined,
): Promise<Service> {
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers))
      if (typeof value === 'string' && name !== 'host' && name !== 'connection') headers.set(name, value);
    const answer = await fetch(service.url + req.url, {
      method: req.method,
      headers,
      ...(chunks.length ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = Buffer.from(await answer.arrayBuffer());
    const kept: Record<string, string> = {};
    answer.headers.forEach((value, name) => {
      if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection'].includes(name)) kept[name] = value;
    });
    res.writeHead(change(req.method ?? 'GET', req.url ?? '/') ?? answer.status, kept).end(body);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    dataFile: service.dataFile,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** make verify-consumer against the service behind changedService(`change`). */
export async function verifyChanged(file: string, change: (method: string, path: string) => number | undefined) {
  const service = await startService();
  const changed = await changedService(service, change);
  try {
    return await verify(file, changed.url);
  } finally {
    await changed.close();
    await service.close();
  }
}
