/**
 * Serving a site's published deploy (`/sites/<name>/…`) and any ready deploy by its permalink
 * (`/deploys/<id>/…`), as Netlify's CDN does for a static site: `index.html` for a directory (a
 * directory without the trailing slash is redirected to it, so relative links work), `about` →
 * `about.html` (pretty URLs), the deploy's own `404.html` (else a plain page) with status 404.
 *
 * Nothing outside the deploy's directory is ever read: the path is decoded once, a `..` segment, a
 * NUL or a backslash answers 404, the joined path must stay inside the directory, and so must its
 * real path (a symbolic link leaving the directory answers 404; builds.ts copies none, this is the
 * second line).
 */
import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { extname, isAbsolute, join, relative } from 'node:path';
import { escapeHtml, page, redirect, sendHtml } from './http';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.md': 'text/markdown; charset=utf-8',
  '.xml': 'application/xml',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.pdf': 'application/pdf',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mp3': 'audio/mpeg',
};

export const contentTypeOf = (file: string): string =>
  CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

const isInside = (outer: string, inner: string) => {
  const path = relative(outer, inner);
  return path === '' || (!path.startsWith('..') && !isAbsolute(path));
};

/** A regular file inside `root` (by its real path too), or undefined. */
const fileInside = async (root: string, realRoot: string, path: string) => {
  if (!isInside(root, path)) return undefined;
  try {
    const real = await realpath(path);
    if (!isInside(realRoot, real)) return undefined;
    const info = await stat(real);
    return { path: real, isFile: info.isFile(), isDirectory: info.isDirectory(), size: info.size };
  } catch (_error) {
    return undefined;
  }
};

const sendFile = (
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  file: { path: string; size: number },
): void => {
  response.writeHead(status, {
    'content-type': contentTypeOf(file.path),
    'content-length': file.size,
    'cache-control': 'public, max-age=0, must-revalidate',
    'x-content-type-options': 'nosniff',
  });
  if (request.method === 'HEAD') response.end();
  else createReadStream(file.path).pipe(response);
};

export const notFoundPage = (response: ServerResponse, message = 'Page not found') =>
  sendHtml(
    response,
    404,
    page(
      message,
      `<h1>${escapeHtml(message)}</h1><p>Looks like you followed a broken link or entered a URL that doesn’t exist on this site.</p>`,
    ),
  );

/**
 * Answers `rest` (the path after `/sites/<name>`, still percent-encoded, '' or starting with '/')
 * from the deploy directory `root`; `base` is the URL prefix (`/sites/<name>`) for redirects.
 */
export const serveDeploy = async (
  request: IncomingMessage,
  response: ServerResponse,
  root: string,
  base: string,
  rest: string,
  query: string,
): Promise<void> => {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    response.writeHead(405, { allow: 'GET, HEAD' });
    return void response.end();
  }
  if (rest === '') return redirect(response, 301, `${base}/${query}`);
  let decoded: string;
  try {
    decoded = decodeURIComponent(rest);
  } catch (_error) {
    return notFoundPage(response);
  }
  const segments = decoded.split('/');
  if (decoded.includes('\0') || decoded.includes('\\') || segments.includes('..')) {
    return notFoundPage(response);
  }
  const realRoot = await realpath(root).catch(() => undefined);
  if (!realRoot) return notFoundPage(response);
  const target = join(root, ...segments);
  const found = await fileInside(root, realRoot, target);
  if (found?.isFile) return sendFile(request, response, 200, found);
  if (found?.isDirectory) {
    if (!decoded.endsWith('/')) return redirect(response, 301, `${base}${rest}/${query}`);
    const index = await fileInside(root, realRoot, join(target, 'index.html'));
    if (index?.isFile) return sendFile(request, response, 200, index);
  } else if (!decoded.endsWith('/')) {
    const pretty = await fileInside(root, realRoot, `${target}.html`);
    if (pretty?.isFile) return sendFile(request, response, 200, pretty);
  }
  const custom = await fileInside(root, realRoot, join(root, '404.html'));
  if (custom?.isFile) return sendFile(request, response, 404, custom);
  notFoundPage(response);
};
