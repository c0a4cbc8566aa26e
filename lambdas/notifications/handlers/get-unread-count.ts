/** `GET /api/notifications/unread-count`: the bell's number. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getMyUnreadCount } from '../service';

export const getUnreadCount: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  return jsonResponse(200, await getMyUnreadCount(auth.userId));
};
