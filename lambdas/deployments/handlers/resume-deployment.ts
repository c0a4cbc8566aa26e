/**
 * `POST /api/deployments/{id}/resume`: Continue a stopped deployment from its last finished step;
 * 202 while its step runs again, 200 with Netlify's authorisation to go to.
 */
import { continueDeploymentSchema, deploymentPathSchema } from '../../../contract/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { continueMyDeployment } from '../continue';

export const resumeDeploymentOperation: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: deploymentPathSchema,
    body: continueDeploymentSchema,
  });
  const answer = await continueMyDeployment(requireAuth(context).userId, params.id, body);
  return jsonResponse(answer.next === 'running' ? 202 : 200, answer);
};
