/** `POST /api/mvps/{id}/download`: spend one download, get a short-lived URL of the file. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { downloadTemplate as spendDownload } from '../spend';

export const downloadTemplate: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { params } = parseRequest(context.event, { params: templatePathSchema });
  return jsonResponse(200, await spendDownload(auth.userId, params.id));
};
