/** `GET /api/my/connections`: which providers the caller connected, as whom (never a token). */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getConnections } from '../connections';

export const getConnectionsOperation: HttpOperation = async (context) =>
  jsonResponse(200, await getConnections(requireAuth(context).userId));
