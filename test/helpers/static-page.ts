import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export interface StaticPage {
  /** The page's origin, http://127.0.0.1:<port>. */
  origin: string;
  close(): Promise<void>;
}

/** A tiny static server on a free port: one blank HTML page at every path, so a browser page has this origin. */
export async function serveBlankPage(): Promise<StaticPage> {
  const server = createServer((_req, res) => {
    res
      .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      .end('<!doctype html><title>front end</title><p>front end');
  });
  return listen(server);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.map': 'application/json',
};

/** The files of `folder` on a free port (a built front end); other paths 404. */
export async function serveFolder(folder: string): Promise<StaticPage> {
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://x').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(folder, path.endsWith('/') ? `${path}index.html` : path);
    readFile(file).then(
      (bytes) => res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(bytes),
      () => res.writeHead(404).end(),
    );
  });
  return listen(server);
}

/** `server` on a free port of 127.0.0.1, as a page's origin. */
async function listen(server: Server): Promise<StaticPage> {
  server.listen(0, '127.0.0.1');
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
