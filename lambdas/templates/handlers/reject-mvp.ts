/**
 * `POST /api/admin/mvps/{id}/reject` `{ reason, edit_at? }`: a pending template is rejected
 * (admins); a held edit only when `edit_at` names the one that waits.
 */
import { rejectMvpSchema } from '../../../contract/admin-mvps';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { rejectMvp as reject } from '../moderation';
import { mvpIdParamsSchema } from '../schema';

export const rejectMvp: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: mvpIdParamsSchema,
    body: rejectMvpSchema,
  });
  return jsonResponse(
    200,
    await reject(requireProfile(context), params.id, body.reason, body.edit_at),
  );
};
