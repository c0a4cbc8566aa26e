/** `PATCH /api/mvps/{id}`: the edit form (owner, admin or both). */
import { updateMvpBodySchema } from '../../../contract/templates';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { mvpIdParamsSchema } from '../schema';
import { updateMvp as updateManagedMvp } from '../service';

export const updateMvp: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: mvpIdParamsSchema,
    body: updateMvpBodySchema,
  });
  const profile = requireProfile(context);
  return jsonResponse(200, await updateManagedMvp(profile, params.id, body));
};
