/**
 * What the local server answers besides `/api/*`, as CloudFront does in the cloud: preview images
 * from the preview bucket (`/previews/*`), and the frontend, either the production build
 * (`frontend/dist`, what `npm start` serves) or, for `npm run dev`, Vite's dev middleware with hot
 * reload. The security headers come from the caller (stack.ts), for every response alike.
 */
import { readdir, stat, readFile } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { storageDesign } from '../../../contract/design/storage-design';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export const repositoryRoot = fileURLToPath(new URL('../../../', import.meta.url));

const sendText = (response: ServerResponse, statusCode: number, text: string) => {
  response.writeHead(statusCode, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
};

/**
 * The path segments of a request URL, decoded once, or null when any segment could step out of
 * the folder it names: `.`, `..`, or a backslash or NUL anywhere (Windows separators, C string
 * ends). Decoding first is what matters: `%2e%2e` and `..%2F` are `..` once decoded, and S3
 * emulators and file systems alike resolve them. Empty segments (`//`) carry no meaning and are
 * dropped.
 */
export const safePathSegments = (url: string | undefined): string[] | null => {
  const path = (url ?? '/').split('?')[0]!;
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch (_error) {
    return null;
  }
  if (decoded.includes('\\') || decoded.includes('\0')) return null;
  const segments = decoded.split('/').filter((segment) => segment !== '');
  return segments.some((segment) => segment === '.' || segment === '..') ? null : segments;
};

/**
 * `GET /previews/<rest>` → object `previews/<rest>` of the preview bucket, streamed with its stored
 * content type; 404 for anything else. Only keys under the preview prefix exist here: the key is
 * rebuilt from checked segments, so the S3 client never sees a `..` (s3rver, like a browser,
 * would resolve `previews/../../mvp-files/…` into another bucket).
 */
export const createPreviewHandler =
  (s3: S3Client, bucket: string): RequestHandler =>
  async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendText(response, 405, 'Method Not Allowed');
      return;
    }
    const segments = safePathSegments(request.url);
    const prefix = storageDesign.previewPrefix.replace(/\/$/, '');
    if (!segments || segments[0] !== prefix || segments.length < 2) {
      sendText(response, 404, 'Not Found');
      return;
    }
    const key = segments.join('/');
    try {
      const object = await s3.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      const headers: Record<string, string> = {
        'content-type': object.ContentType ?? 'application/octet-stream',
        'cache-control': 'public, max-age=300',
      };
      if (object.ContentLength !== undefined)
        headers['content-length'] = String(object.ContentLength);
      if (object.ETag) headers.etag = object.ETag;
      response.writeHead(200, headers);
      const body = object.Body;
      if (request.method === 'HEAD' || !(body instanceof Readable)) {
        if (body instanceof Readable) body.destroy();
        response.end();
        return;
      }
      body.pipe(response);
    } catch (error) {
      const name = (error as { name?: string }).name;
      if (name === 'NoSuchKey' || name === 'NotFound' || name === 'NoSuchBucket') {
        sendText(response, 404, 'Not Found');
        return;
      }
      throw error;
    }
  };

/** Content types by extension; the text ones are worth compressing. */
const contentTypes: Record<string, { type: string; compressible: boolean }> = {
  '.html': { type: 'text/html; charset=utf-8', compressible: true },
  '.js': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.mjs': { type: 'text/javascript; charset=utf-8', compressible: true },
  '.css': { type: 'text/css; charset=utf-8', compressible: true },
  '.json': { type: 'application/json', compressible: true },
  '.map': { type: 'application/json', compressible: true },
  '.svg': { type: 'image/svg+xml', compressible: true },
  '.txt': { type: 'text/plain; charset=utf-8', compressible: true },
  '.png': { type: 'image/png', compressible: false },
  '.jpg': { type: 'image/jpeg', compressible: false },
  '.jpeg': { type: 'image/jpeg', compressible: false },
  '.gif': { type: 'image/gif', compressible: false },
  '.webp': { type: 'image/webp', compressible: false },
  '.ico': { type: 'image/x-icon', compressible: false },
  '.woff': { type: 'font/woff', compressible: false },
  '.woff2': { type: 'font/woff2', compressible: false },
};

type Encoding = 'br' | 'gzip' | 'identity';

/**
 * The encoding to answer with: brotli, else gzip, as the request's Accept-Encoding allows
 * (`q=0` refuses one; `*` stands for any not named).
 */
export const chooseEncoding = (acceptEncoding: string | undefined): Encoding => {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...parameters] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = parameters.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
};

const compressBrotli = promisify(brotliCompress);
const compressGzip = promisify(gzip);

/** Smaller than this, a compressed body saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 1024;

/** Assets whose names carry a content hash (Vite's `assets/name-<hash>.js`) never change. */
const HASHED_ASSETS_DIR = 'assets';

/**
 * `${path}|${mtime}|${encoding}` → the compressed body, computed once (zlib runs off the loop).
 * `ready` says whether a body is done, so a request never waits for a slow brotli.
 */
const compressionCache = () => {
  const compressed = new Map<string, Promise<Buffer>>();
  const done = new Set<string>();
  const keyOf = (path: string, version: string, encoding: 'br' | 'gzip') =>
    `${path}|${version}|${encoding}`;
  const body = (path: string, version: string, encoding: 'br' | 'gzip') => {
    const key = keyOf(path, version, encoding);
    let result = compressed.get(key);
    if (!result) {
      result = readFile(path).then((content) =>
        encoding === 'br'
          ? compressBrotli(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: 11,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            })
          : compressGzip(content, { level: 9 }),
      );
      result.then(
        () => done.add(key),
        () => compressed.delete(key),
      );
      compressed.set(key, result);
    }
    return result;
  };
  body.ready = (path: string, version: string, encoding: 'br' | 'gzip') =>
    done.has(keyOf(path, version, encoding));
  return body;
};

/**
 * Brotli at quality 11 takes about a second for the 490 kB entry script on a quiet machine, and
 * half a minute on a busy one: so the hashed assets are compressed once as the server starts, one
 * at a time and largest (the entry script) first, off the requests' path, instead of by the first
 * visitor's page load. A file whose brotli is not done yet is served gzip meanwhile.
 */
const warmCompression = async (
  root: string,
  compressedBody: ReturnType<typeof compressionCache>,
): Promise<void> => {
  const directory = join(root, HASHED_ASSETS_DIR);
  const names = await readdir(directory).catch(() => [] as string[]);
  const files: { path: string; version: string; size: number }[] = [];
  for (const name of names) {
    if (!contentTypes[extname(name)]?.compressible) continue;
    const path = join(directory, name);
    const stats = await fileAt(path);
    if (stats && stats.size >= MIN_COMPRESS_BYTES) {
      files.push({ path, version: `${stats.size}-${stats.mtimeMs}`, size: stats.size });
    }
  }
  files.sort((a, b) => b.size - a.size);
  for (const file of files) {
    await compressedBody(file.path, file.version, 'br').catch(() => undefined);
  }
};

const fileAt = async (path: string) => {
  try {
    const stats = await stat(path);
    return stats.isFile() ? stats : null;
  } catch (_error) {
    return null;
  }
};

/**
 * The file a request names inside `root`, or index.html for a client-side route; null once a
 * 404 has been sent.
 */
const staticFileOf = async (
  root: string,
  index: string,
  url: string | undefined,
  response: ServerResponse,
) => {
  const segments = safePathSegments(url);
  if (!segments) {
    sendText(response, 404, 'Not Found');
    return null;
  }
  const candidate = resolve(root, ...segments);
  if (candidate !== root && !candidate.startsWith(root + sep)) {
    sendText(response, 404, 'Not Found');
    return null;
  }
  const stats = await fileAt(candidate);
  if (stats) return { path: candidate, stats };
  const last = segments.at(-1) ?? '';
  if (last.includes('.')) {
    sendText(response, 404, 'Not Found');
    return null;
  }
  return { path: index, stats: (await fileAt(index))! };
};

/**
 * Serves the built frontend as CloudFront serves it from the site bucket:
 * - only files inside `directory` (decoded segments, no `..`, resolved path checked again);
 * - `/assets/*` (hashed names) cached for a year as immutable, everything else (index.html,
 *   favicon) `no-cache` so a new build is picked up, with an ETag to revalidate cheaply;
 * - brotli or gzip per Accept-Encoding for text types, compressed once per file version and kept
 *   in memory (`Vary: Accept-Encoding`);
 * - client-side routes: an extension-less path that is not a file gets index.html; a missing
 *   file with an extension (`/assets/gone.js`) is a 404, never HTML in place of a script.
 * Source maps are served like any asset, as the bucket serves them (they hold the frontend's
 * own sources, which the scripts already are).
 */
export const createStaticHandler = (directory: string): RequestHandler => {
  const root = resolve(directory);
  const compressedBody = compressionCache();
  void warmCompression(root, compressedBody);

  return async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendText(response, 405, 'Method Not Allowed');
      return;
    }
    const index = join(root, 'index.html');
    if (!(await fileAt(index))) {
      sendText(
        response,
        503,
        `The frontend is not built (${index} is missing). Run: npm run build:web`,
      );
      return;
    }
    const file = await staticFileOf(root, index, request.url, response);
    if (!file) return;
    const { path, stats } = file;

    const { type, compressible } = contentTypes[extname(path)] ?? {
      type: 'application/octet-stream',
      compressible: false,
    };
    const hashed = path.startsWith(join(root, HASHED_ASSETS_DIR) + sep);
    const version = `${stats.size}-${stats.mtimeMs}`;
    const etag = `W/"${version}"`;
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag,
      'last-modified': stats.mtime.toUTCString(),
    };
    if (compressible) headers.vary = 'Accept-Encoding';
    if (request.headers['if-none-match'] === etag) {
      response.writeHead(304, headers);
      response.end();
      return;
    }

    const accepted =
      compressible && stats.size >= MIN_COMPRESS_BYTES
        ? chooseEncoding(request.headers['accept-encoding'])
        : 'identity';
    // Brotli at quality 11 can take half a minute on a busy machine: until a file's is done (the
    // warm-up or this request starts it), the browser gets gzip, which takes milliseconds, so no
    // page load waits on it.
    let encoding = accepted;
    if (accepted === 'br' && !compressedBody.ready(path, version, 'br')) {
      void compressedBody(path, version, 'br').catch(() => undefined);
      encoding = chooseEncoding(`${request.headers['accept-encoding'] ?? ''}, br;q=0`);
    }
    const body =
      encoding === 'identity'
        ? await readFile(path)
        : await compressedBody(path, version, encoding);
    if (encoding !== 'identity') headers['content-encoding'] = encoding;
    headers['content-length'] = String(body.length);
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  };
};

export interface WebHandler {
  handle: RequestHandler;
  close(): Promise<void>;
}

/**
 * The frontend through Vite's dev server in middleware mode (`npm run dev`): hot module
 * replacement rides on our own HTTP server, so the browser sees one origin for the app, the API
 * and the previews. What Vite may read from disk is frontend/vite.config.ts's `server.fs`: the
 * frontend and the shared contracts, never `.local/` or `.env`.
 */
export const createViteHandler = async (httpServer: Server): Promise<WebHandler> => {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: join(repositoryRoot, 'frontend', 'vite.config.ts'),
    server: { middlewareMode: true, ws: { server: httpServer } },
    appType: 'spa',
    logLevel: 'warn',
  });
  return {
    handle: (request, response) =>
      new Promise<void>((done, fail) => {
        vite.middlewares(request, response, (error?: unknown) => {
          if (error) {
            fail(error);
            return;
          }
          sendText(response, 404, 'Not Found');
          done();
        });
        response.once('finish', () => done());
        response.once('close', () => done());
      }),
    close: () => vite.close(),
  };
};
