/** `GET /api/mvps/{id}/reviews/mine`: the caller's own review of a template, or null. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { getMyReview as readMyReview } from '../service';

export const getMyReview: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { params } = parseRequest(context.event, { params: templatePathSchema });
  return jsonResponse(200, await readMyReview(auth.userId, params.id));
};
