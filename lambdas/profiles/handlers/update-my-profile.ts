/**
 * `PATCH /api/me`: the caller's own profile fields (settings, Profile tab). The id comes only from
 * the verified token, so no request can change another user's profile through this route.
 */
import { profileUpdateSchema } from '../../../contract/profile-update';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { withQuota } from '../entitlement-read';
import { updateMyProfile } from '../service';

export const updateMyProfileHandler: HttpOperation = async (context) => {
  const identity = requireAuth(context);
  const { body } = parseRequest(context.event, { body: profileUpdateSchema });
  return jsonResponse(200, await withQuota(await updateMyProfile(identity, body)));
};
