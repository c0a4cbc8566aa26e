/** `GET /api/my/mvps/downloads`: the latest downloads of the approved seller's templates. */
import { SELLER_REQUIRED_MESSAGE } from '../../shared/auth/access';
import { ForbiddenError } from '../../shared/errors';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listRecentDownloads as listSellerDownloads } from '../service';

export const listRecentDownloads: HttpOperation = async ({ profile }) => {
  if (!profile) throw new ForbiddenError(SELLER_REQUIRED_MESSAGE);
  return jsonResponse(200, await listSellerDownloads(profile));
};
