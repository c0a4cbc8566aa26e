/**
 * `GET /api/mvps/{id}/versions`: an approved template's version history (the versions that went
 * live, newest first, with their changelogs and dates). Public, cached like the detail.
 */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { publicJsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { getTemplateVersions } from '../service';

export const listTemplateVersions: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: templatePathSchema });
  return publicJsonResponse(event, await getTemplateVersions(params.id));
};
