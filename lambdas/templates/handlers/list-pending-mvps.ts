/** `GET /api/admin/mvps?status=`: the moderation queue, oldest first (admins, by the route table). */
import { pendingMvpQuerySchema } from '../../../contract/admin-mvps';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listPendingMvps as listQueue } from '../moderation';

export const listPendingMvps: HttpOperation = async ({ event }) => {
  const { query } = parseRequest(event, { query: pendingMvpQuerySchema });
  return jsonResponse(200, await listQueue(query.status));
};
