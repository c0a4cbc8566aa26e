/**
 * `POST /api/deployments/{id}/upgrade-pull-request`: the latest approved version as a pull request;
 * 200 with it when it is open already, 202 while it is being opened.
 */
import { deploymentPathSchema } from '../../../contract/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { openUpgradePullRequest } from '../service';

export const openUpgradePullRequestOperation: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: deploymentPathSchema });
  const answer = await openUpgradePullRequest(requireAuth(context).userId, params.id);
  return jsonResponse(answer.status === 'opening' ? 202 : 200, answer);
};
