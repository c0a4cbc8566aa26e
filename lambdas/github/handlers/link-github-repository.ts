/** `PUT /api/my/mvps/{id}/github`: link the template to a repository (the template's owner). */
import { githubLinkSchema } from '../../../contract/github';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../../../contract/ids';
import { linkTemplateRepository } from '../service';

export const linkGithubRepository: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: templateIdParamsSchema,
    body: githubLinkSchema,
  });
  return jsonResponse(200, await linkTemplateRepository(requireProfile(context), params.id, body));
};
