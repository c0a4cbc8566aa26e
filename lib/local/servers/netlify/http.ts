/**
 * The wire format of the local Netlify server: JSON in and out, Netlify's error body
 * (`{ code, message }`, the OpenAPI description's `error` definition) with its statuses, Netlify-like
 * ids, and the helpers for the HTML pages (consent, admin, served sites).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** An API error: written as `body` with `status`. */
export class NetlifyApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: { code: number; message: string; errors?: Record<string, string[]> },
  ) {
    super(body.message);
  }
}

export const apiError = (status: number, message: string) =>
  new NetlifyApiError(status, { code: status, message });

/** Netlify's answer for anything the token cannot see, an unknown id and an unknown route alike. */
export const notFound = () => apiError(404, 'Not Found');

/**
 * A model validation failure as Netlify answers it (a taken name is
 * `{"errors":{"subdomain":["must be unique"]}}` with 422); `code` and `message` are added so the
 * body also fits the OpenAPI description's error shape.
 */
export const validationFailed = (field: string, problem: string) =>
  new NetlifyApiError(422, {
    code: 422,
    message: `Validation failed: ${field} ${problem}`,
    errors: { [field]: [problem] },
  });

/** 24 hexadecimal digits, time first (Netlify's deploy, build and user ids are Mongo ObjectIds). */
export const objectId = (): string =>
  Math.floor(Date.now() / 1000)
    .toString(16)
    .padStart(8, '0') + randomBytes(8).toString('hex');

/** A URL-safe random secret (tokens, codes, client secrets). */
export const randomSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** How tokens and codes are kept: never in clear. */
export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

export const nowIso = (): string => new Date().toISOString();

/** The whole request body as text (bounded: nothing the product sends comes near 1 MB). */
export const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw apiError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

export type JsonObject = Record<string, unknown>;

/** A JSON object body (an empty body is `{}`); anything else is a 400. */
export const readJsonObject = async (request: IncomingMessage): Promise<JsonObject> => {
  const text = await readBody(request);
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as JsonObject;
  } catch (_error) {
    // Answered below.
  }
  throw apiError(400, 'Invalid JSON body');
};

export const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
  });
  response.end(text);
};

export const sendEmpty = (response: ServerResponse, status: number): void => {
  response.writeHead(status, { 'cache-control': 'no-store' });
  response.end();
};

/** The server's own pages: no scripts, no external assets, not framable. */
export const sendHtml = (response: ServerResponse, status: number, html: string): void => {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  });
  response.end(html);
};

export const redirect = (response: ServerResponse, status: 301 | 302, location: string): void => {
  response.writeHead(status, { location, 'content-length': 0, 'cache-control': 'no-store' });
  response.end();
};

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const STYLE = `
  body { font-family: system-ui, sans-serif; background: #f6f6f7; color: #181a1c; margin: 0; }
  main { max-width: 34rem; margin: 3rem auto; background: #fff; border-radius: 8px; padding: 2rem;
    box-shadow: 0 2px 8px rgba(0,0,0,.08); }
  h1 { font-size: 1.25rem; margin: 0 0 1rem; }
  .badge { display: inline-block; font-size: .75rem; background: #d6f5f3; color: #04504b; border-radius: 4px;
    padding: .1rem .4rem; margin-bottom: 1rem; }
  label { display: block; font-size: .875rem; margin: .75rem 0 .25rem; }
  select { width: 100%; padding: .5rem; border: 1px solid #c9cdd2; border-radius: 6px; font-size: 1rem; }
  .buttons { display: flex; gap: .75rem; margin-top: 1.25rem; }
  button { flex: 1; padding: .75rem; border: 0; border-radius: 6px; font-size: 1rem; font-weight: 600; cursor: pointer; }
  .primary { background: #014847; color: #fff; } .secondary { background: #e9ebed; color: #181a1c; }
  table { width: 100%; border-collapse: collapse; font-size: .875rem; }
  td, th { text-align: left; padding: .35rem .25rem; border-bottom: 1px solid #e9ebed; vertical-align: top; }
  pre { white-space: pre-wrap; font-size: .75rem; background: #f6f6f7; padding: .5rem; border-radius: 4px; }
  .error { color: #b1001f; } a { color: #014847; }`;

/** A page of the local Netlify server's own (consent, errors, site admin). */
export const page = (title: string, body: string): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><main><div class="badge">Local Netlify</div>${body}</main></body></html>`;

/** `https://user:secret@host/…` → `https://***@host/…`: URLs in logs and messages carry no credentials. */
export const redactUrl = (text: string): string => text.replace(/\/\/[^/@\s]+@/g, '//***@');
