/** `PATCH /api/mvps/{id}`: the edit form (owner, admin or both). */
import { updateTemplateBodySchema } from '../../../contract/templates';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../schema';
import { updateTemplate as updateManagedTemplate } from '../edits';

export const updateTemplate: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: templateIdParamsSchema,
    body: updateTemplateBodySchema,
  });
  const profile = requireProfile(context);
  return jsonResponse(200, await updateManagedTemplate(profile, params.id, body));
};
