/** `GET /api/notifications[?unread=true]`: the caller's notifications, newest first. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listNotificationsQuerySchema } from '../schema';
import { listMyNotifications } from '../service';

export const listNotifications: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { query } = parseRequest(context.event, { query: listNotificationsQuerySchema });
  return jsonResponse(
    200,
    await listMyNotifications(auth.userId, { unreadOnly: query.unread, cursor: query.cursor }),
  );
};
