/** `POST /api/refund-requests`: a refund request on one of the caller's own subscriptions. */
import { refundRequestInputSchema } from '../../../contract/refunds';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { submitRefundRequest } from '../service';

export const createRefundRequest: HttpOperation = async (context) => {
  const caller = requireAuth(context);
  const { body } = parseRequest(context.event, { body: refundRequestInputSchema });
  return jsonResponse(201, await submitRefundRequest(caller, body));
};
