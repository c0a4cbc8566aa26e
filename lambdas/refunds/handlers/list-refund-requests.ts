/** `GET /api/refund-requests`: the caller's refund requests, newest first. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listRefundRequests as listOwnRefundRequests } from '../service';

export const listRefundRequests: HttpOperation = async (context) => {
  const { userId } = requireAuth(context);
  return jsonResponse(200, { items: await listOwnRefundRequests(userId) });
};
