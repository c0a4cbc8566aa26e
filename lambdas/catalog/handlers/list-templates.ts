/**
 * `GET /api/mvps`: browse approved templates (contract 6). Anonymous answers may be cached by
 * CloudFront for a few seconds (`publicJsonResponse`, design/cdn-caching.ts).
 */
import { browseQuerySchema } from '../../../contract/catalog';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { publicJsonResponse } from '../../shared/http/response';
import { listTemplates as listApprovedMvps } from '../service';

export const listTemplates: HttpOperation = async ({ event }) => {
  const { query } = parseRequest(event, { query: browseQuerySchema });
  return publicJsonResponse(event, await listApprovedMvps(query));
};
