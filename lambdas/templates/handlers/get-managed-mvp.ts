/** `GET /api/mvps/{id}/manage`: a template in any status but archived, for its managers. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { mvpIdParamsSchema } from '../schema';
import { getManagedMvp as readManagedMvp } from '../service';

export const getManagedMvp: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: mvpIdParamsSchema });
  const profile = requireProfile(context);
  return jsonResponse(200, await readManagedMvp(profile, params.id));
};
