/** `GET /api/my/mvps`: the approved seller's own templates with stats. */
import { SELLER_REQUIRED_MESSAGE } from '../../shared/auth/access';
import { ForbiddenError } from '../../shared/errors';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listMyMvps as listSellerMvps } from '../service';

export const listMyMvps: HttpOperation = async ({ profile }) => {
  if (!profile) throw new ForbiddenError(SELLER_REQUIRED_MESSAGE);
  return jsonResponse(200, await listSellerMvps(profile));
};
