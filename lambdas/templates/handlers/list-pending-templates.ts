/** `GET /api/admin/mvps?status=`: the moderation queue, oldest first (admins, by the route table). */
import { pendingTemplateQuerySchema } from '../../../contract/admin-templates';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listPendingTemplates as listQueue } from '../moderation-queue';

export const listPendingTemplates: HttpOperation = async ({ event }) => {
  const { query } = parseRequest(event, { query: pendingTemplateQuerySchema });
  return jsonResponse(200, await listQueue(query.status));
};
