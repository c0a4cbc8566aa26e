/**
 * `POST /api/admin/mvps/{id}/approve` `{ edit_at?, override_reason? }`: a template in review is
 * published (admins); a held edit is applied only when `edit_at` names the one that waits; a
 * version with a critical vulnerability only with `override_reason` (PUBLISH_MODE=moderate).
 */
import { approveTemplateSchema } from '../../../contract/admin-templates';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { approveTemplate as approve } from '../moderation';
import { templateIdParamsSchema } from '../schema';

export const approveTemplate: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: templateIdParamsSchema,
    body: approveTemplateSchema,
  });
  return jsonResponse(
    200,
    await approve(requireProfile(context), params.id, body.edit_at, body.override_reason),
  );
};
