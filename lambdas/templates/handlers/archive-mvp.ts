/** `DELETE /api/mvps/{id}`: delete = archive (owner, admin or both). */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { mvpIdParamsSchema } from '../schema';
import { archiveMvp as archiveManagedMvp } from '../archive';

export const archiveMvp: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: mvpIdParamsSchema });
  const profile = requireProfile(context);
  return jsonResponse(200, await archiveManagedMvp(profile, params.id));
};
