/** `POST /api/mvps`: register an uploaded template (approved sellers, checked by the route). */
import { createTemplateBodySchema } from '../../../contract/templates';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { registerTemplate } from '../bundles';

export const createTemplate: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: createTemplateBodySchema });
  return jsonResponse(201, await registerTemplate(requireProfile(context), body));
};
