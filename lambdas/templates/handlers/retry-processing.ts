/**
 * Processing again: `POST /api/mvps/{id}/retry` processes a failed template again (owner, admin or
 * both); `POST /api/mvps/{id}/rebuild` runs the newest version's build steps again (owner, 202
 * once started). One module, so the templates Lambda gets no chunk of its own for Rebuild.
 */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templateIdParamsSchema } from '../schema';
import { rebuildNewestVersion } from '../builds';
import { retryProcessing as retryMvpProcessing } from '../service';

export const retryProcessing: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: templateIdParamsSchema });
  const profile = requireProfile(context);
  return jsonResponse(200, await retryMvpProcessing(profile, params.id));
};

export const rebuildTemplate: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: templateIdParamsSchema });
  const profile = requireProfile(context);
  return jsonResponse(202, await rebuildNewestVersion(profile, params.id));
};
