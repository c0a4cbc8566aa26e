/** `POST /api/deployments/github/callback`: handle-buyer-github-callback (state, code → connected). */
import { githubCallbackSchema } from '../../../contract/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { completeGithubConnection } from '../connections';

export const completeGithubConnectionOperation: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: githubCallbackSchema });
  return jsonResponse(200, await completeGithubConnection(requireAuth(context).userId, body));
};
