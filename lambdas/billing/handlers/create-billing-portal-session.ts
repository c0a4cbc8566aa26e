/** `POST /api/billing/portal`: Stripe's customer portal for the caller's own customer. */
import { billingPortalRequestSchema } from '../../../contract/billing';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest, requestOrigin } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { createBillingPortalSession as openPortal } from '../checkout';

export const createBillingPortalSession: HttpOperation = async (context) => {
  const caller = requireAuth(context);
  const { body } = parseRequest(context.event, { body: billingPortalRequestSchema });
  return jsonResponse(200, await openPortal(caller.userId, body, requestOrigin(context.event)));
};
