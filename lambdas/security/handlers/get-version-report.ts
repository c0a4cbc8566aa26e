/** `GET /api/mvps/{id}/versions/{versionId}/security`: any version, for its seller or an admin. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { versionPathSchema } from '../schema';
import { getVersionReportFor } from '../service';

export const getVersionReport: HttpOperation = async (context) => {
  const caller = requireProfile(context);
  const { params } = parseRequest(context.event, { params: versionPathSchema });
  return jsonResponse(200, await getVersionReportFor(caller, params.id, params.versionId));
};
