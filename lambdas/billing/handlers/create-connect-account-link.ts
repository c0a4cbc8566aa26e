/** `POST /api/connect/account-link`: the seller's Connect account and a fresh onboarding link. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { requestOrigin } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { createConnectAccountLink as createLink } from '../connect';

export const createConnectAccountLink: HttpOperation = async (context) => {
  const caller = requireAuth(context);
  return jsonResponse(200, await createLink(caller, requestOrigin(context.event)));
};
