/** `PUT /api/deployments/{id}/story`: show the caller's launched site on `/stories`, or hide it. */
import { deploymentPathSchema, storyInputSchema } from '../../shared/contracts/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { setDeploymentStory as setStory } from '../service';

export const setDeploymentStory: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: deploymentPathSchema,
    body: storyInputSchema,
  });
  return jsonResponse(200, await setStory(requireAuth(context).userId, params.id, body));
};
