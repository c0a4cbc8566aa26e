/** `POST /api/admin/disputes/{id}/resolve`: in_review → a final status, with its details. */
import { disputeResolutionInputSchema } from '../../../contract/admin-disputes';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { disputePathSchema } from '../schema';
import { resolveDispute as resolve } from '../service';

export const resolveDispute: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: disputePathSchema,
    body: disputeResolutionInputSchema,
  });
  return jsonResponse(200, await resolve(admin, params.id, body));
};
