/** `GET /api/mvps/{id}`: one approved template with its seller. */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { mvpPathSchema } from '../schema';
import { getMvp as getApprovedMvp } from '../service';

export const getMvp: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: mvpPathSchema });
  return jsonResponse(200, await getApprovedMvp(params.id));
};
