/**
 * The wire format of the local GitHub server: GitHub's JSON error bodies (`{ message,
 * documentation_url, status }`, `errors[]` on a 422) with their statuses, which Octokit turns into
 * a RequestError with that status; bodies, HTML pages and redirects.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

const DOCS = 'https://docs.github.com/rest';

export interface ValidationErrorItem {
  resource: string;
  code: string;
  field?: string;
  message?: string;
}

/** An error answer, thrown by operations and written by the server. */
export class GithubApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: ValidationErrorItem[],
    readonly documentationUrl = DOCS,
    /** Headers of the answer besides the body's (a limit's `retry-after`). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  get body() {
    return {
      message: this.message,
      ...(this.errors ? { errors: this.errors } : {}),
      documentation_url: this.documentationUrl,
      status: String(this.status),
    };
  }
}

export const notFound = () => new GithubApiError(404, 'Not Found');
export const badCredentials = () => new GithubApiError(401, 'Bad credentials');
export const unprocessable = (message: string, errors?: ValidationErrorItem[]) =>
  new GithubApiError(422, message, errors);
/** What GitHub answers for the Git Database API on a repository without commits. */
export const emptyRepository = () => new GithubApiError(409, 'Git Repository is empty.');
export const notAccessibleByIntegration = () =>
  new GithubApiError(403, 'Resource not accessible by integration');

/** Random lowercase alphanumerics (tokens, codes). */
export const randomAlphanumeric = (length: number): string => {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
  let text = '';
  for (const byte of randomBytes(length)) text += alphabet[byte % alphabet.length];
  return text;
};

/** The whole body (bounded: a commit with binary files stays well under 50 MB). */
export const readBody = async (request: IncomingMessage, limit = 50_000_000): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new GithubApiError(413, 'Payload too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
};

/** A JSON object body (or a form, for the OAuth token endpoint): `{}` when empty. */
export const readParams = async (request: IncomingMessage): Promise<Record<string, unknown>> => {
  const text = (await readBody(request)).toString('utf8');
  if (text.trim() === '') return {};
  const type = request.headers['content-type'] ?? '';
  if (type.includes('application/x-www-form-urlencoded'))
    return Object.fromEntries(new URLSearchParams(text));
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch (_error) {
    // Answered below, as GitHub does.
  }
  throw new GithubApiError(400, 'Problems parsing JSON');
};

export const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  const text = status === 204 ? '' : JSON.stringify(body);
  response.writeHead(status, {
    ...(status === 204 ? {} : { 'content-type': 'application/json; charset=utf-8' }),
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'x-github-media-type': 'github.v3; format=json',
  });
  response.end(text);
};

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** `html` template values are escaped: `page(title, html\`…${value}…\`)`. */
export const html = (strings: TemplateStringsArray, ...values: unknown[]): string =>
  strings.reduce(
    (text, part, index) =>
      text + part + (index < values.length ? escapeHtml(String(values[index])) : ''),
    '',
  );

/** A local page (consent, installation): no scripts, no external assets, not framable. */
export const sendPage = (response: ServerResponse, status: number, title: string, body: string) => {
  const text = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:4rem auto;padding:0 1rem;color:#1f2328;background:#fff}
@media (prefers-color-scheme:dark){body{color:#e6edf3;background:#0d1117}input{background:#161b22;color:#e6edf3}}
label,input,button{display:block;margin:.5rem 0;font-size:1rem}input{padding:.4rem;width:100%;border:1px solid #8c959f;border-radius:6px}
button{padding:.5rem 1rem;background:#1f883d;color:#fff;border:0;border-radius:6px;cursor:pointer}.error{color:#cf222e}.hint{color:#59636e;font-size:.875rem}</style>
</head><body><p><small>Local GitHub (an emulator)</small></p><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; form-action *; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  });
  response.end(text);
};

export const redirect = (response: ServerResponse, location: string, status = 302): void => {
  response.writeHead(status, { location, 'content-length': 0, 'cache-control': 'no-store' });
  response.end();
};

/** A required string property of a JSON body; GitHub's 422 otherwise. */
export const requiredString = (body: Record<string, unknown>, name: string): string => {
  const value = body[name];
  if (typeof value !== 'string' || value === '')
    throw unprocessable(`Invalid request.\n\n"${name}" wasn't supplied.`);
  return value;
};

export const optionalString = (body: Record<string, unknown>, name: string): string | undefined => {
  const value = body[name];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string')
    throw unprocessable(
      `Invalid request.\n\nFor 'properties/${name}', ${JSON.stringify(value)} is not a string.`,
    );
  return value;
};

/** Seconds-free ISO time as GitHub writes it: `2026-11-23T20:15:07Z`. */
export const isoSeconds = (date: Date | number | string = new Date()): string =>
  new Date(date).toISOString().replace(/\.\d{3}Z$/, 'Z');
