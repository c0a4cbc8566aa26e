/** `GET /api/admin/payouts?status=`: payouts of one status with their sellers, oldest month first. */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminPayoutsQuerySchema } from '../schema';
import { listPayoutsForAdmin } from '../service';

export const listPayoutsByStatus: HttpOperation = async ({ event }) => {
  const { query } = parseRequest(event, { query: adminPayoutsQuerySchema });
  return jsonResponse(200, { items: await listPayoutsForAdmin(query.status) });
};
