/** `GET /api/downloads`: the caller's downloads, newest first. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { myDownloadsQuerySchema } from '../schema';
import { listMyDownloads as listDownloads } from '../service';

export const listMyDownloads: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { query } = parseRequest(context.event, { query: myDownloadsQuerySchema });
  return jsonResponse(200, await listDownloads(auth.userId, query));
};
