/**
 * The wire format of the local Stripe server: Stripe's form-encoded parameters (`a[b][0][c]=v`, as
 * stripe-node's `stringifyRequestData` writes them), its error objects with their HTTP statuses
 * (stripe-node picks its error class from those: 402 → StripeCardError, 404/400 →
 * StripeInvalidRequestError, 401 → StripeAuthenticationError, `idempotency_error` →
 * StripeIdempotencyError), and Stripe-like object ids.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A decoded parameter tree: strings at the leaves, arrays where every key was an index. */
export type Params = { [key: string]: ParamValue };
export type ParamValue = string | Params | ParamValue[];

/** Stripe's error object (`{ error: … }`), thrown by operations and written by the server. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: {
      type: 'invalid_request_error' | 'card_error' | 'idempotency_error' | 'api_error';
      code?: string;
      decline_code?: string;
      param?: string;
      message: string;
    },
  ) {
    super(body.message);
  }
}

export const invalidRequest = (message: string, param?: string, code?: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(param ? { param } : {}),
    ...(code ? { code } : {}),
  });

/** Stripe's answer for an unknown id: 404 on the object's own URL, 400 when it is a parameter. */
export const resourceMissing = (what: string, id: string, param?: string) =>
  new StripeApiError(param ? 400 : 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param ? { param } : {}),
  });

/** 402: stripe-node raises StripeCardError. `param` names the field at fault (none for a decline). */
export const cardError = (
  code: string,
  message: string,
  details: { declineCode?: string; param?: string } = {},
) =>
  new StripeApiError(402, {
    type: 'card_error',
    code,
    message,
    ...(details.declineCode ? { decline_code: details.declineCode } : {}),
    ...(details.param ? { param: details.param } : {}),
  });

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `cus_…`, `sub_…`: Stripe's ids are a prefix and 14–24 random alphanumerics. */
export const newId = (prefix: string, length = 24): string => {
  const bytes = randomBytes(length);
  let id = '';
  for (const byte of bytes) id += BASE62[byte % 62];
  return `${prefix}_${id}`;
};

/** Sets `value` at the bracketed `key` (`line_items[0][price]`) inside `target`. */
const assign = (target: Params, key: string, value: string) => {
  const parts = key.split('[').map((part, index) => (index === 0 ? part : part.replace(/]$/, '')));
  let node: Params = target;
  parts.forEach((part, index) => {
    const last = index === parts.length - 1;
    // `expand[]=a&expand[]=b` appends; Stripe accepts it as well as `expand[0]=a`.
    const name = part === '' ? String(Object.keys(node).length) : part;
    if (last) node[name] = value;
    else {
      const next = node[name];
      node[name] = typeof next === 'object' && !Array.isArray(next) ? next : {};
      node = node[name] as Params;
    }
  });
};

/** Objects whose keys are all indexes become arrays (`items[0][price]` → `items: [{ price }]`). */
const arraysFromIndexes = (value: ParamValue): ParamValue => {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted = Object.fromEntries(keys.map((key) => [key, arraysFromIndexes(value[key]!)]));
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key]!);
  }
  return converted;
};

/** Decodes `application/x-www-form-urlencoded` (a body or a query string) into a tree. */
export const decodeForm = (text: string): Params => {
  const tree: Params = {};
  for (const [key, value] of new URLSearchParams(text)) assign(tree, key, value);
  return arraysFromIndexes(tree) as Params;
};

/** The whole request body as text (bounded: nothing the product sends comes near 1 MB). */
export const readBody = async (request: IncomingMessage): Promise<string> => {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 1_000_000) throw invalidRequest('The request body is too large.');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
};

export const sendJson = (response: ServerResponse, status: number, body: unknown): void => {
  const text = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    'stripe-version': '2026-10-28.endive',
  });
  response.end(text);
};

/** Hosted pages: no scripts, no external assets, not framable. */
export const sendHtml = (response: ServerResponse, status: number, html: string): void => {
  response.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-length': Buffer.byteLength(html),
    'cache-control': 'no-store',
    'content-security-policy':
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
  });
  response.end(html);
};

/** 303: the browser follows with a GET, as after Stripe's hosted pages. */
export const redirect = (response: ServerResponse, location: string): void => {
  response.writeHead(303, { location, 'content-length': 0, 'cache-control': 'no-store' });
  response.end();
};

/** A parameter as a string, or undefined when absent; a nested value where a string belongs is a 400. */
export const stringParam = (params: Params, name: string, path = name): string | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalidRequest(`Invalid string: ${path}`, path);
  return value;
};

export const requiredString = (params: Params, name: string, path = name): string => {
  const value = stringParam(params, name, path);
  if (value === undefined || value === '') {
    throw invalidRequest(`Missing required param: ${path}.`, path, 'parameter_missing');
  }
  return value;
};

export const integerParam = (params: Params, name: string, path = name): number | undefined => {
  const value = stringParam(params, name, path);
  if (value === undefined) return undefined;
  if (!/^-?\d+$/.test(value))
    throw invalidRequest(`Invalid integer: ${value}`, path, 'parameter_invalid_integer');
  return Number(value);
};

export const booleanParam = (params: Params, name: string): boolean | undefined => {
  const value = stringParam(params, name);
  if (value === undefined) return undefined;
  if (value !== 'true' && value !== 'false')
    throw invalidRequest(`Invalid boolean: ${value}`, name);
  return value === 'true';
};

export const objectParam = (params: Params, name: string): Params | undefined => {
  const value = params[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidRequest(`Invalid object: ${name}`, name);
  return value;
};

/** `metadata[key]=value` as Stripe keeps it: strings only; `metadata=` (empty) clears it. */
export const metadataParam = (
  params: Params,
  name = 'metadata',
): Record<string, string> | undefined => {
  const value = params[name];
  if (value === undefined) return undefined;
  if (value === '') return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidRequest(`Invalid object: ${name}`, name);
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => {
      if (typeof item !== 'string')
        throw invalidRequest(`Invalid string: ${name}[${key}]`, `${name}[${key}]`);
      return [key, item];
    }),
  );
};

/** `expand[]` / `expand[0]` as a list of dotted paths. */
export const expandParam = (params: Params): string[] => {
  const value = params.expand;
  if (value === undefined) return [];
  const list = Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? [value]
      : Object.values(value);
  return list.filter((item): item is string => typeof item === 'string');
};
