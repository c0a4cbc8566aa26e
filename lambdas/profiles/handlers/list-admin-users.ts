/** `GET /api/admin/users`: users newest first, by role, seller approval and search (admins only). */
import { adminUsersQuerySchema } from '../../../contract/admin-users';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listAdminUsers as readAdminUsers } from '../admin-users';

export const listAdminUsers: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { query } = parseRequest(context.event, { query: adminUsersQuerySchema });
  return jsonResponse(200, await readAdminUsers(admin.userId, query));
};
