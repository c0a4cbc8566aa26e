/** `PUT /api/deployments/{id}/story`: show the caller's launched site on `/stories`, or hide it. */
import * as z from 'zod';
import { setDeploymentStory as setStory } from '../../deployments/stories';
import { STORY_MESSAGES, storyInputSchema } from '../../../contract/stories';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';

const paramsSchema = z.object({
  id: z.string().trim().min(1, STORY_MESSAGES.notFound).max(64, STORY_MESSAGES.notFound),
});

export const setDeploymentStory: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: paramsSchema,
    body: storyInputSchema,
  });
  return jsonResponse(200, await setStory(requireAuth(context).userId, params.id, body));
};
