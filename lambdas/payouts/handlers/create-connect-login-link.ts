/** `POST /api/connect/login-link`: a one-time link into the seller's Stripe Express dashboard. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { createConnectLoginLink as createLink } from '../connect-account';

export const createConnectLoginLink: HttpOperation = async (context) =>
  jsonResponse(200, await createLink(requireAuth(context).userId));
