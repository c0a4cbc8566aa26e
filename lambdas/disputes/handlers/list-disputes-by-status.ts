/** `GET /api/admin/disputes?status=`: the admin queue of one status, oldest first. */
import { disputeStatusQuerySchema } from '../../../contract/admin-disputes';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listDisputesByStatus as listByStatus } from '../service';

export const listDisputesByStatus: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { query } = parseRequest(context.event, { query: disputeStatusQuerySchema });
  return jsonResponse(200, { items: await listByStatus(admin.userId, query.status) });
};
