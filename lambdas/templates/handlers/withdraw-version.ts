/** `POST /api/mvps/{id}/versions/{versionId}/withdraw`: the owner withdraws a version not live yet. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { versionParamsSchema } from '../schema';
import { withdrawVersion as withdrawMvpVersion } from '../service';

export const withdrawVersion: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: versionParamsSchema });
  const profile = requireProfile(context);
  return jsonResponse(200, await withdrawMvpVersion(profile, params.id, params.versionId));
};
