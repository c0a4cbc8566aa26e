/** `POST /api/my/mvps/{id}/github/sync`: sync the head of the default branch (the owner). */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../../../contract/ids';
import { syncTemplate } from '../sync';

export const syncGithubRepository: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: templateIdParamsSchema });
  const result = await syncTemplate(requireProfile(context), params.id);
  return jsonResponse(result.started ? 202 : 200, result);
};
