/**
 * `GET /api/me`: the caller's own profile, created on first sight. The id comes only from the
 * verified token, so no request can read someone else's profile through this route.
 */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { withQuota } from '../entitlement-read';
import { ensureProfile } from '../service';

export const getMyProfile: HttpOperation = async (context) => {
  const profile = await ensureProfile(requireAuth(context));
  return jsonResponse(200, await withQuota(profile));
};
