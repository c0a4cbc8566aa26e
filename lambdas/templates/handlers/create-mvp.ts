/** `POST /api/mvps`: register an uploaded template (approved sellers, checked by the route). */
import { createMvpBodySchema } from '../../../contract/templates';
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { registerMvp } from '../service';

export const createMvp: HttpOperation = async (context) => {
  const { body } = parseRequest(context.event, { body: createMvpBodySchema });
  return jsonResponse(201, await registerMvp(requireProfile(context), body));
};
