/** `GET /api/admin/audit-log`: every admin action, newest first (admins only, by the route table). */
import { auditLogQuerySchema } from '../../../contract/audit';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listAuditLog as readAuditLog } from '../service';

export const listAuditLog: HttpOperation = async (context) => {
  const admin = requireProfile(context);
  const { query } = parseRequest(context.event, { query: auditLogQuerySchema });
  return jsonResponse(200, await readAuditLog(admin.id, query.cursor));
};
