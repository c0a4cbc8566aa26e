/** `GET /api/mvps/{id}/reviews`: the reviews of an approved template, newest first. */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { listReviews as readReviews } from '../service';

export const listReviews: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: templatePathSchema });
  return jsonResponse(200, await readReviews(params.id));
};
