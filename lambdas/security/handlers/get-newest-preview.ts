/** `GET /api/mvps/{id}/preview/newest`: the newest version's signed preview, for its seller or an admin. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getNewestPreviewFor } from '../builds';
import { templatePathSchema } from '../schema';

export const getNewestPreview: HttpOperation = async (context) => {
  const caller = requireProfile(context);
  const { params } = parseRequest(context.event, { params: templatePathSchema });
  return jsonResponse(200, await getNewestPreviewFor(caller, params.id));
};
