/**
 * `POST /api/admin/mvps/{id}/approve` `{ edit_at? }`: a template in review is published (admins);
 * a held edit is applied only when `edit_at` names the one that waits.
 */
import { approveMvpSchema } from '../../../contract/admin-mvps';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { approveMvp as approve } from '../moderation';
import { mvpIdParamsSchema } from '../schema';

export const approveMvp: HttpOperation = async (context) => {
  const { params, body } = parseRequest(context.event, {
    params: mvpIdParamsSchema,
    body: approveMvpSchema,
  });
  return jsonResponse(200, await approve(requireProfile(context), params.id, body.edit_at));
};
