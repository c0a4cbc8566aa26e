/** `POST /api/admin/mvps/{id}/approve`: a template in review is published (admins). */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { approveMvp as approve } from '../moderation';
import { mvpIdParamsSchema } from '../schema';

export const approveMvp: HttpOperation = async (context) => {
  const { params } = parseRequest(context.event, { params: mvpIdParamsSchema });
  return jsonResponse(200, await approve(requireProfile(context), params.id));
};
