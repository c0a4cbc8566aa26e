/** `GET /api/mvps/{id}/build`: the live version's build of an approved template (no log). */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getLiveBuild } from '../builds';
import { templatePathSchema } from '../schema';

export const getLiveBuildOperation: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: templatePathSchema });
  return jsonResponse(200, await getLiveBuild(params.id));
};
