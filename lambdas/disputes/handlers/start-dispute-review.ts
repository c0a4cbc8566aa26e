/** `POST /api/admin/disputes/{id}/start-review`: open → in_review. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { disputePathSchema } from '../schema';
import { startDisputeReview as startReview } from '../service';

export const startDisputeReview: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params } = parseRequest(context.event, { params: disputePathSchema });
  return jsonResponse(200, await startReview(admin, params.id));
};
