/** `GET /api/mvps/{id}/download-status`: downloaded before? downloads left? */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { getDownloadStatus as readStatus } from '../service';

export const getDownloadStatus: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { params } = parseRequest(context.event, { params: templatePathSchema });
  return jsonResponse(200, await readStatus(auth, params.id));
};
