/** `PATCH /api/subscriptions/current`: cancel at period end, resume, or switch plan. */
import { subscriptionUpdateSchema } from '../../../contract/billing';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { updateCurrentSubscription as changeSubscription } from '../checkout';

export const updateCurrentSubscription: HttpOperation = async (context) => {
  const { userId } = requireAuth(context);
  const { body } = parseRequest(context.event, { body: subscriptionUpdateSchema });
  return jsonResponse(200, await changeSubscription(userId, body));
};
