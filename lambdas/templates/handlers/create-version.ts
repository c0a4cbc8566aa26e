/** `POST /api/mvps/{id}/versions`: a new version of a template (owner, admin or both). */
import { createVersionBodySchema } from '../../../contract/templates';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../schema';
import { createVersion as createMvpVersion } from '../bundles';

export const createVersion: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: templateIdParamsSchema,
    body: createVersionBodySchema,
  });
  const profile = requireProfile(context);
  return jsonResponse(201, await createMvpVersion(profile, params.id, body));
};
