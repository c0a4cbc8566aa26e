/**
 * `GET /api/mvps/{id}`: one approved template with its seller. Anonymous answers may be cached by
 * CloudFront for a few seconds (`publicJsonResponse`, design/cdn-caching.ts).
 */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { publicJsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { getTemplate as getApprovedMvp } from '../service';

export const getTemplate: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: templatePathSchema });
  return publicJsonResponse(event, await getApprovedMvp(params.id));
};
