/** `POST /api/notifications/{id}/read`: idempotent; another user's notification is a 404. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { notificationPathSchema } from '../schema';
import { markMyNotificationRead } from '../service';

export const markNotificationRead: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { params } = parseRequest(context.event, { params: notificationPathSchema });
  await markMyNotificationRead(auth.userId, params.id);
  return jsonResponse(200, { id: params.id, read: true });
};
