/**
 * `GET /api/mvps/{id}`: one approved template with its seller. Anonymous answers may be cached by
 * CloudFront for a few seconds (`publicJsonResponse`, design/cdn-caching.ts).
 */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { publicJsonResponse } from '../../shared/http/response';
import { mvpPathSchema } from '../schema';
import { getMvp as getApprovedMvp } from '../service';

export const getMvp: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: mvpPathSchema });
  return publicJsonResponse(event, await getApprovedMvp(params.id));
};
