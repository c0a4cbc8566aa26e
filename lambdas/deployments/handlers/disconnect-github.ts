/** `DELETE /api/deployments/github`: Settings → Connections → Disconnect GitHub. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { disconnectGithub } from '../connections';

export const disconnectGithubOperation: HttpOperation = async (context) =>
  jsonResponse(200, await disconnectGithub(requireAuth(context).userId));
