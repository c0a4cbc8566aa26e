/** `GET /api/my/notification-preferences`: the caller's e-mail switches, one per type. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getMyNotificationPreferences } from '../preferences';

export const getNotificationPreferences: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  return jsonResponse(200, await getMyNotificationPreferences(auth.userId));
};
