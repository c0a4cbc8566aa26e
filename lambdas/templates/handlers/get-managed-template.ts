/** `GET /api/mvps/{id}/manage`: a template in any status but archived, for its managers. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../schema';
import { getManagedTemplate as readManagedMvp } from '../service';

export const getManagedTemplate: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: templateIdParamsSchema });
  const profile = requireProfile(context);
  return jsonResponse(200, await readManagedMvp(profile, params.id));
};
