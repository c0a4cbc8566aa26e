/** `DELETE /api/mvps/{id}`: delete = archive (owner, admin or both). */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../schema';
import { archiveTemplate as archiveManagedMvp } from '../archive';

export const archiveTemplate: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: templateIdParamsSchema });
  const profile = requireProfile(context);
  return jsonResponse(200, await archiveManagedMvp(profile, params.id));
};
