/** `DELETE /api/my/mvps/{id}/github`: unlink the repository and remove our webhook (the owner). */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../../../contract/ids';
import { unlinkTemplateRepository } from '../service';

export const unlinkGithubRepository: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: templateIdParamsSchema });
  return jsonResponse(200, await unlinkTemplateRepository(requireProfile(context), params.id));
};
