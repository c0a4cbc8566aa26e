/** `GET /api/my/deployments`: the caller's deployments with their templates. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listMyDeployments } from '../service';

export const listMyDeploymentsOperation: HttpOperation = async (context) =>
  jsonResponse(200, await listMyDeployments(requireAuth(context).userId));
