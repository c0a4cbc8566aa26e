/**
 * `POST /api/admin/users/{id}/seller-approval` (the Users tab): approve a seller through the same
 * decision as the Applications queue, or revoke one (seller and both only).
 */
import { adminUserPathSchema, sellerApprovalChangeSchema } from '../../../contract/admin-users';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { setSellerApprovalFromUsersTab } from '../service';

export const setSellerApproval: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: adminUserPathSchema,
    body: sellerApprovalChangeSchema,
  });
  return jsonResponse(200, await setSellerApprovalFromUsersTab(admin, params.id, body.approved));
};
