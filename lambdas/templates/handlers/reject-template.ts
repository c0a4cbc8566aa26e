/**
 * `POST /api/admin/mvps/{id}/reject` `{ reason, edit_at? }`: a pending template is rejected
 * (admins); a held edit only when `edit_at` names the one that waits.
 */
import { rejectTemplateSchema } from '../../../contract/admin-templates';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { rejectTemplate as reject } from '../moderation';
import { templateIdParamsSchema } from '../schema';

export const rejectTemplate: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: templateIdParamsSchema,
    body: rejectTemplateSchema,
  });
  return jsonResponse(
    200,
    await reject(requireProfile(context), params.id, body.reason, body.edit_at),
  );
};
