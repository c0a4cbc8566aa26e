/** `POST /api/deployments/{id}/netlify/authorize-url`: initiate-netlify-oauth for the caller's deployment. */
import { deploymentPathSchema } from '../../../contract/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { netlifyAuthorization } from '../service';

export const getNetlifyAuthorizeUrlOperation: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: deploymentPathSchema });
  return jsonResponse(200, await netlifyAuthorization(requireAuth(context).userId, params.id));
};
