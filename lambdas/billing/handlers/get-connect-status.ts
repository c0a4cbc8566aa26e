/** `GET /api/connect`: the approved seller's Connect account status. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getConnectStatus as readConnectStatus } from '../connect';

export const getConnectStatus: HttpOperation = async (context) =>
  jsonResponse(200, await readConnectStatus(requireAuth(context).userId));
