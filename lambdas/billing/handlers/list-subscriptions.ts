/** `GET /api/subscriptions`: the caller's subscriptions, newest first (refund form, dashboard). */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listSubscriptions as listOwnSubscriptions } from '../../ledger/service';

export const listSubscriptions: HttpOperation = async (context) => {
  const { userId } = requireAuth(context);
  return jsonResponse(200, { items: await listOwnSubscriptions(userId) });
};
