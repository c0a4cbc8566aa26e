/**
 * A throwaway static HTTP server of a build's output folder on 127.0.0.1, for the capture of its
 * first screen (contract/design/capture.ts): the folder served at `/`, so a site built with an
 * absolute base (Vite's `/assets/…`) loads as it would on its own domain. GET and HEAD only, no
 * path outside the folder, a folder's `index.html` for the folder, 404 otherwise.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve, sep } from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  svg: 'image/svg+xml',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  ico: 'image/x-icon',
  woff: 'font/woff',
  woff2: 'font/woff2',
  txt: 'text/plain; charset=utf-8',
  xml: 'application/xml',
  webmanifest: 'application/manifest+json',
  map: 'application/json',
  wasm: 'application/wasm',
};

/** The content type of a file by its extension (a built site's usual files). */
export const contentTypeOf = (key: string): string =>
  CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

export interface StaticServer {
  /** `http://127.0.0.1:<port>` (no trailing slash). */
  origin: string;
  close(): Promise<void>;
}

/** Serves `folder` at `/` on 127.0.0.1 (a free port) until `close()`. */
export const serveFolder = async (folder: string): Promise<StaticServer> => {
  const root = resolve(folder);
  const fileFor = async (pathname: string): Promise<string | null> => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    const target = resolve(root, `.${decoded}`);
    if (target !== root && !target.startsWith(`${root}${sep}`)) return null;
    const found = await stat(target).catch(() => null);
    if (found?.isFile()) return target;
    if (found?.isDirectory()) {
      const index = join(target, 'index.html');
      return (await stat(index).catch(() => null))?.isFile() ? index : null;
    }
    return null;
  };
  const server: Server = createServer((request, response) => {
    void (async () => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        response.writeHead(405).end();
        return;
      }
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const file = await fileFor(url.pathname);
      if (!file) {
        response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found');
        return;
      }
      response.writeHead(200, { 'content-type': contentTypeOf(file), 'cache-control': 'no-store' });
      if (request.method === 'HEAD') response.end();
      else
        createReadStream(file)
          .on('error', () => response.destroy())
          .pipe(response);
    })().catch(() => response.destroy());
  });
  await new Promise<void>((done, fail) => {
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => done());
  });
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
};
