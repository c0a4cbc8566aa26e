/** `POST /api/admin/users/{id}/seller-approval`: approve or revoke a seller (seller and both only). */
import {
  adminUserPathSchema,
  sellerApprovalChangeSchema,
} from '../../shared/contracts/admin-users';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { setUserSellerApproval } from '../admin-users';

export const setSellerApproval: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: adminUserPathSchema,
    body: sellerApprovalChangeSchema,
  });
  return jsonResponse(200, await setUserSellerApproval(admin, params.id, body.approved));
};
