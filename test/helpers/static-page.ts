import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StaticPage {
  /** The page's origin, http://127.0.0.1:<port>. */
  origin: string;
  close(): Promise<void>;
}

/** A tiny static server on a free port: one blank HTML page at every path, so a browser page has this origin. */
export async function serveBlankPage(): Promise<StaticPage> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>front end</title><p>front end');
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
