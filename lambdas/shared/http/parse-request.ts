/**
 * Request parsing with zod: the only place that reads the query string, path parameters and JSON
 * body of an event. Handlers declare schemas and get typed values back, or a `ValidationError`
 * (400) with the first problem as the message and one message per field.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import * as z from 'zod';
import { ValidationError } from '../errors';

export const INVALID_JSON_MESSAGE = 'The request body is not valid JSON.';

/** zod's issues as our error: the first message leads; each field keeps its first message. */
export const validationErrorFromZod = (error: z.ZodError): ValidationError => {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.map(String).join('.');
    if (field && !(field in fields)) fields[field] = issue.message;
  }
  return new ValidationError(error.issues[0]?.message ?? 'The request is invalid.', fields);
};

interface RequestSchemas {
  query?: z.ZodType;
  params?: z.ZodType;
  body?: z.ZodType;
}

export type ParsedRequest<S extends RequestSchemas> = {
  [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never;
};

const readBody = (event: APIGatewayProxyEventV2): unknown => {
  if (event.body === undefined || event.body === '') return undefined;
  const text = event.isBase64Encoded
    ? Buffer.from(event.body, 'base64').toString('utf8')
    : event.body;
  try {
    return JSON.parse(text);
  } catch (_error) {
    throw new ValidationError(INVALID_JSON_MESSAGE);
  }
};

const parsePart = <T extends z.ZodType>(schema: T, input: unknown): z.output<T> => {
  const result = schema.safeParse(input);
  if (!result.success) throw validationErrorFromZod(result.error);
  return result.data;
};

/**
 * Parses the parts of `event` that have a schema, in the order path → query → body, so a malformed
 * id is reported before anything else.
 *
 * @example const { params } = parseRequest(event, { params: z.object({ id: mvpIdSchema }) });
 */
export const parseRequest = <S extends RequestSchemas>(
  event: APIGatewayProxyEventV2,
  schemas: S,
): ParsedRequest<S> => {
  const parsed: Record<string, unknown> = {};
  if (schemas.params) parsed.params = parsePart(schemas.params, event.pathParameters ?? {});
  if (schemas.query) parsed.query = parsePart(schemas.query, event.queryStringParameters ?? {});
  if (schemas.body) parsed.body = parsePart(schemas.body, readBody(event));
  return parsed as ParsedRequest<S>;
};

/**
 * The site a browser request comes from (`Origin`, sent by browsers on every cross-site and
 * same-site POST/PATCH), for return addresses that must stay on it; `undefined` when absent.
 */
export const requestOrigin = (event: APIGatewayProxyEventV2): string | undefined => {
  const header = Object.entries(event.headers ?? {}).find(
    ([name]) => name.toLowerCase() === 'origin',
  )?.[1];
  if (!header) return undefined;
  try {
    const url = new URL(header);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : undefined;
  } catch {
    return undefined;
  }
};
