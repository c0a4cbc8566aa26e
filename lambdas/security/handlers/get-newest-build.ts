/** `GET /api/mvps/{id}/build/newest`: the newest version's build and log, for its seller or an admin. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getNewestBuildFor } from '../builds';
import { templatePathSchema } from '../schema';

export const getNewestBuild: HttpOperation = async (context) => {
  const caller = requireProfile(context);
  const { params } = parseRequest(context.event, { params: templatePathSchema });
  return jsonResponse(200, await getNewestBuildFor(caller, params.id));
};
