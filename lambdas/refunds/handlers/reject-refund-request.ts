/** `POST /api/admin/refund-requests/{id}/reject`: pending → rejected. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { refundRequestPathSchema } from '../schema';
import { decideRefund } from '../service';

export const rejectRefundRequest: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params } = parseRequest(context.event, { params: refundRequestPathSchema });
  return jsonResponse(200, await decideRefund(admin, params.id, 'rejected'));
};
