/** `GET /api/subscriptions/current`: the caller's subscription view (one row, always answered). */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getSubscriptionView } from '../../ledger/service';

export const getCurrentSubscription: HttpOperation = async (context) => {
  const { userId } = requireAuth(context);
  return jsonResponse(200, await getSubscriptionView(userId));
};
