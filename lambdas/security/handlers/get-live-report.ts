/** `GET /api/mvps/{id}/security`: the live version's report of an approved template. */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { getLiveReport } from '../service';

export const getLiveReportOperation: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: templatePathSchema });
  return jsonResponse(200, await getLiveReport(params.id));
};
