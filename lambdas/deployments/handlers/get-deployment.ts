/** `GET /api/deployments/{id}`: get-deployment-status, the caller's own deployment only. */
import { deploymentPathSchema } from '../../../contract/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getMyDeployment } from '../service';

export const getDeploymentOperation: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: deploymentPathSchema });
  return jsonResponse(200, await getMyDeployment(requireAuth(context).userId, params.id));
};
