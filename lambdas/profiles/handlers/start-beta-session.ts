/**
 * `POST /api/auth/beta` (public): creates a fresh beta account and answers its sign-in to this
 * caller only; the browser then signs in with Cognito like any other user. 404 while beta access
 * is switched off, 429 past the hourly limits.
 */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { clientAddressOf } from '../../shared/http/viewer-address';
import { createBetaAccount } from '../beta-service';

export const startBetaSession: HttpOperation = async ({ event }) =>
  jsonResponse(201, await createBetaAccount({ sourceIp: clientAddressOf(event) }));
