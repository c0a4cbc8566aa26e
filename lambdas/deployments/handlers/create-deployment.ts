/** `POST /api/deployments`: create-buyer-repo-and-push-mvp (spends a download, starts the repository step). */
import { createDeploymentSchema } from '../../../contract/deployments';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { startDeployment } from '../service';

export const createDeploymentOperation: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: createDeploymentSchema });
  return jsonResponse(202, await startDeployment(requireAuth(context).userId, body));
};
