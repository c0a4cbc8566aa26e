/** `GET /api/mvps/{id}/security/newest`: the newest version's report, for its seller or an admin. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { getNewestReportFor } from '../service';

export const getNewestReport: HttpOperation = async (context) => {
  const caller = requireProfile(context);
  const { params } = parseRequest(context.event, { params: templatePathSchema });
  return jsonResponse(200, await getNewestReportFor(caller, params.id));
};
