/** `GET /api/billing/checkout/{sessionId}`: the success page's poll of one of the caller's sessions. */
import * as z from 'zod';
import { CHECKOUT_MESSAGES } from '../../../contract/billing';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getCheckoutStatus as readCheckoutStatus } from '../checkout';

const paramsSchema = z.object({
  sessionId: z.string().regex(/^cs_[A-Za-z0-9_]{1,200}$/, CHECKOUT_MESSAGES.sessionNotFound),
});

export const getCheckoutStatus: HttpOperation = async (context) => {
  const { userId } = requireAuth(context);
  const { params } = parseRequest(context.event, { params: paramsSchema });
  return jsonResponse(200, await readCheckoutStatus(userId, params.sessionId));
};
