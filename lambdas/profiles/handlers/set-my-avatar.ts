/**
 * `PUT /api/me/avatar`: the caller's uploaded image becomes their profile picture. The id comes
 * only from the verified token and the image must lie under that user's own upload prefix.
 */
import { setAvatarRequestSchema } from '../../../contract/uploads';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { withQuota } from '../entitlement-read';
import { setMyAvatar } from '../avatar';

export const setMyAvatarHandler: HttpOperation = async (context) => {
  const identity = requireAuth(context);
  const { body } = parseRequest(context.event, { body: setAvatarRequestSchema });
  return jsonResponse(200, await withQuota(await setMyAvatar(identity, body)));
};
