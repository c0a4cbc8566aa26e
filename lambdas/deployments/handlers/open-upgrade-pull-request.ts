/** `POST /api/deployments/{id}/upgrade-pull-request`: the latest approved version as a pull request. */
import { deploymentPathSchema } from '../../shared/contracts/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { openUpgradePullRequest } from '../service';

export const openUpgradePullRequestOperation: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: deploymentPathSchema });
  return jsonResponse(200, await openUpgradePullRequest(requireAuth(context).userId, params.id));
};
