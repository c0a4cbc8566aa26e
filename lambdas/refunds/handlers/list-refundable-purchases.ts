/** `GET /api/refund-requests/refundable`: what the caller may ask money back on, with each maximum. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listRefundablePurchases as listOwnRefundable } from '../service';

export const listRefundablePurchases: HttpOperation = async (context) => {
  const { userId } = requireAuth(context);
  return jsonResponse(200, await listOwnRefundable(userId));
};
