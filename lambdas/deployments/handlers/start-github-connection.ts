/** `POST /api/deployments/github/authorize-url`: GitHub's authorize page for the caller (initiate-buyer-github-oauth). */
import { githubAuthorizeSchema } from '../../../contract/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { startGithubConnection } from '../connections';

export const startGithubConnectionOperation: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: githubAuthorizeSchema });
  return jsonResponse(200, await startGithubConnection(requireAuth(context).userId, body.mvp_id));
};
