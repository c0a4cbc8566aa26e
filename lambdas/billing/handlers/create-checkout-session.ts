/** `POST /api/billing/checkout`: a Checkout Session for a plan or a one-time-sale template. */
import { checkoutRequestSchema } from '../../../contract/billing';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest, requestOrigin } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { createCheckoutSession as startCheckout } from '../checkout';

export const createCheckoutSession: HttpOperation = async (context) => {
  const caller = requireAuth(context);
  const { body } = parseRequest(context.event, { body: checkoutRequestSchema });
  return jsonResponse(200, await startCheckout(caller, body, requestOrigin(context.event)));
};
