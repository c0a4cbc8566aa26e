/** `GET /api/mvps/{id}/files`: the files inside an approved template's bundle (code preview). */
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { templatePathSchema } from '../schema';
import { listBundleFiles } from '../code-preview';

export const listTemplateFiles: HttpOperation = async ({ event }) => {
  const { params } = parseRequest(event, { params: templatePathSchema });
  return jsonResponse(200, await listBundleFiles(params.id));
};
