/** `PATCH /api/admin/users/{id}/role`: the user's Cognito group and profile role, together. */
import { adminUserPathSchema, userRoleChangeSchema } from '../../../contract/admin-users';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { changeUserRole as changeRole } from '../admin-users';

export const changeUserRole: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: adminUserPathSchema,
    body: userRoleChangeSchema,
  });
  return jsonResponse(200, await changeRole(admin, params.id, body.role));
};
