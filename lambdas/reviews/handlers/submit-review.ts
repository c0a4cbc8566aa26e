/** `POST /api/mvps/{id}/reviews`: create (201) or replace (200) the caller's review. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema, submitReviewBodySchema } from '../schema';
import { submitReview as saveReview } from '../service';

export const submitReview: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: templatePathSchema,
    body: submitReviewBodySchema,
  });
  const result = await saveReview(auth, params.id, body);
  return jsonResponse(result.created ? 201 : 200, result);
};
