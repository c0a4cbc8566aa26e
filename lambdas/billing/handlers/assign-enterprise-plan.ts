/** `PUT /api/admin/users/{id}/plan`: an admin puts the user on Enterprise with an agreed quota. */
import { adminUserPathSchema } from '../../../contract/admin-users';
import { enterprisePlanSchema } from '../../../contract/billing';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { assignEnterprisePlan as assign } from '../enterprise';

export const assignEnterprisePlan: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: adminUserPathSchema,
    body: enterprisePlanSchema,
  });
  return jsonResponse(200, await assign(admin, params.id, body));
};
