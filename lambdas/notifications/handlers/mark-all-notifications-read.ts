/** `POST /api/notifications/read-all`: every unread notification of the caller, read. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { markAllMyNotificationsRead } from '../service';

export const markAllNotificationsRead: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  return jsonResponse(200, await markAllMyNotificationsRead(auth.userId));
};
