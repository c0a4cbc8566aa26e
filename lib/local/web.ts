/**
 * What the local server answers besides `/api/*`: preview images from the preview bucket (as
 * CloudFront's `/previews/*` behaviour does), and the frontend, either through Vite's dev
 * middleware (hot reload) or from the built `frontend/dist` with the SPA fallback to index.html.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => Promise<void>;

export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));

const sendText = (response: ServerResponse, statusCode: number, text: string) => {
  response.writeHead(statusCode, { 'content-type': 'text/plain; charset=utf-8' });
  response.end(text);
};

/**
 * `GET /previews/<rest>` → object `previews/<rest>` of the preview bucket, streamed with its stored
 * content type; 404 when there is no such object.
 */
export const createPreviewHandler =
  (s3: S3Client, bucket: string): RequestHandler =>
  async (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      sendText(response, 405, 'Method Not Allowed');
      return;
    }
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    let key: string;
    try {
      key = decodeURIComponent(path.slice(1));
    } catch (_error) {
      sendText(response, 400, 'Bad Request');
      return;
    }
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

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json',
};

const isFile = async (path: string) => {
  try {
    return (await stat(path)).isFile();
  } catch (_error) {
    return false;
  }
};

/** Serves the built frontend; any path that is not a file gets index.html (client-side routes). */
export const createStaticHandler = (directory: string): RequestHandler => {
  const root = resolve(directory);
  return async (request, response) => {
    const index = join(root, 'index.html');
    if (!(await isFile(index))) {
      sendText(
        response,
        503,
        `The frontend is not built (${index} is missing). Run: npm run build:web`,
      );
      return;
    }
    let path: string;
    try {
      path = decodeURIComponent((request.url ?? '/').split('?')[0] ?? '/');
    } catch (_error) {
      sendText(response, 400, 'Bad Request');
      return;
    }
    const candidate = normalize(join(root, path));
    const inside = candidate === root || candidate.startsWith(root + sep);
    const file = inside && (await isFile(candidate)) ? candidate : index;
    const type = contentTypes[extname(file)] ?? 'application/octet-stream';
    // Hashed assets never change; index.html must be revalidated to pick up a new build.
    const cache = file === index ? 'no-cache' : 'public, max-age=31536000, immutable';
    response.writeHead(200, { 'content-type': type, 'cache-control': cache });
    if (request.method === 'HEAD') {
      response.end();
      return;
    }
    createReadStream(file).pipe(response);
  };
};

export interface WebHandler {
  handle: RequestHandler;
  close(): Promise<void>;
}

/**
 * The frontend through Vite's dev server in middleware mode: hot module replacement rides on our
 * own HTTP server, so the browser sees one origin for the app, the API and the previews.
 */
export const createViteHandler = async (httpServer: Server): Promise<WebHandler> => {
  const { createServer } = await import('vite');
  const vite = await createServer({
    configFile: join(repositoryRoot, 'frontend', 'vite.config.ts'),
    server: { middlewareMode: true, hmr: { server: httpServer } },
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
