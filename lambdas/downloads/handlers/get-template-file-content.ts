/** `GET /api/mvps/{id}/files/content?path=`: one text file of the bundle (code preview). */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { readBundleFile } from '../code-preview';
import { fileContentQuerySchema, templatePathSchema } from '../schema';

export const getTemplateFileContent: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { params, query } = parseRequest(context.event, {
    params: templatePathSchema,
    query: fileContentQuerySchema,
  });
  return jsonResponse(200, await readBundleFile(auth.userId, params.id, query.path));
};
