/**
 * The one way the app calls its API: `apiBaseUrl + path`, the Cognito ID token as a bearer token
 * when signed in, and error bodies (`{ message, fields? }`, contract 3) turned into `ApiError`s
 * whose message can be shown as is.
 */
import type { ApiErrorBody } from '@contracts/errors';
import { getIdToken } from './amplify';
import { ApiError, UNEXPECTED_ERROR } from './api-error';
import { getRuntimeConfig } from './runtime-config';

const isErrorBody = (body: unknown): body is ApiErrorBody =>
  typeof body === 'object' &&
  body !== null &&
  'message' in body &&
  typeof (body as { message: unknown }).message === 'string';

export interface ApiRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: URLSearchParams;
  body?: unknown;
  signal?: AbortSignal;
}

/** Calls the API and returns its JSON; throws `ApiError` for non-2xx answers. */
export async function apiRequest<T>(path: string, request: ApiRequest = {}): Promise<T> {
  const { apiBaseUrl } = getRuntimeConfig();
  const query = request.query?.toString();
  const url = `${apiBaseUrl}${path}${query ? `?${query}` : ''}`;
  const headers = new Headers({ Accept: 'application/json' });
  const token = await getIdToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (request.body !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(url, {
    method: request.method ?? 'GET',
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    signal: request.signal,
  });
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    throw isErrorBody(body)
      ? new ApiError(body.message, response.status, body.fields)
      : new ApiError(UNEXPECTED_ERROR, response.status);
  }
  return body as T;
}
