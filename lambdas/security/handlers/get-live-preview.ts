/** `GET /api/mvps/{id}/preview`: a signed address of the live version's preview (public). */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getLivePreview } from '../builds';
import { templatePathSchema } from '../schema';

export const getLivePreviewOperation: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: templatePathSchema });
  return jsonResponse(200, await getLivePreview(params.id));
};
