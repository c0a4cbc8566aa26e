/** `PUT /api/my/notification-preferences`: some of the caller's e-mail switches; 400 for a receipt. */
import { updateNotificationPreferencesSchema } from '../../../contract/notification-preferences';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { updateMyNotificationPreferences } from '../preferences';

export const updateNotificationPreferences: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  const { body } = parseRequest(context.event, { body: updateNotificationPreferencesSchema });
  return jsonResponse(200, await updateMyNotificationPreferences(auth.userId, body));
};
