/** `POST /api/my/mvps/{id}/github/validate`: does the App see `owner/name`? (the template's owner). */
import { githubRepositorySchema } from '../../../contract/github';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../../../contract/ids';
import { validateRepository } from '../service';

export const validateGithubRepository: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: templateIdParamsSchema,
    body: githubRepositorySchema,
  });
  return jsonResponse(200, await validateRepository(requireProfile(context), params.id, body));
};
