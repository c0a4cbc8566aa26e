/** `POST /api/mvps`: register an uploaded template (approved sellers, checked by the route). */
import { SELLER_REQUIRED_MESSAGE } from '../../shared/auth/access';
import { createMvpBodySchema } from '../../shared/contracts/templates';
import { ForbiddenError } from '../../shared/errors';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { registerMvp } from '../service';

export const createMvp: HttpOperation = async ({ event, profile }) => {
  if (!profile) throw new ForbiddenError(SELLER_REQUIRED_MESSAGE);
  const { body } = parseRequest(event, { body: createMvpBodySchema });
  return jsonResponse(201, await registerMvp(profile, body));
};
