/** `GET /api/mvps`: browse approved templates (contract 6). */
import { browseQuerySchema } from '../../shared/contracts/catalog';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listMvps as listApprovedMvps } from '../service';

export const listMvps: HttpOperation = async ({ event }) => {
  const { query } = parseRequest(event, { query: browseQuerySchema });
  return jsonResponse(200, await listApprovedMvps(query));
};
