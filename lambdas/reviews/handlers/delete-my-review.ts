/** `DELETE /api/mvps/{id}/reviews/mine`: delete the caller's own review of a template. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { deleteMyReview as removeMyReview } from '../service';

export const deleteMyReview: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { params } = parseRequest(context.event, { params: templatePathSchema });
  return jsonResponse(200, await removeMyReview(auth.userId, params.id));
};
