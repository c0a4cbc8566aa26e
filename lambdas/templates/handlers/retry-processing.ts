/** `POST /api/mvps/{id}/retry`: process a failed template again (owner, admin or both). */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../schema';
import { retryProcessing as retryMvpProcessing } from '../service';

export const retryProcessing: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: templateIdParamsSchema });
  const profile = requireProfile(context);
  return jsonResponse(200, await retryMvpProcessing(profile, params.id));
};
