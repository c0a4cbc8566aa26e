/** `GET /api/admin/refund-requests?status=`: the admin queue of one status, oldest first. */
import { refundStatusQuerySchema } from '../../../contract/refunds';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listRefundRequestsByStatus as listByStatus } from '../service';

export const listRefundRequestsByStatus: HttpOperation = async ({ event }) => {
  const { query } = parseRequest(event, { query: refundStatusQuerySchema });
  return jsonResponse(200, { items: await listByStatus(query.status) });
};
