/** `POST /api/admin/refund-requests/{id}/process`: approved → processed, the money back via Stripe. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { refundRequestPathSchema } from '../schema';
import { processRefund } from '../process';

export const processRefundRequest: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params } = parseRequest(context.event, { params: refundRequestPathSchema });
  return jsonResponse(200, await processRefund(admin, params.id));
};
