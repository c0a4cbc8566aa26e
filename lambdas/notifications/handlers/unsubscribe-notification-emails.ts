/**
 * `POST /api/notifications/unsubscribe` (public): the token from the query (a mail client's RFC
 * 8058 one-click POST, whose body is the form field `List-Unsubscribe=One-Click`) or from a JSON
 * body (the unsubscribe page). Only POST: a GET never unsubscribes, since mail scanners prefetch
 * links.
 */
import { emailUnsubscribeRequestSchema } from '../../../contract/notification-preferences';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest, validationErrorFromZod } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { unsubscribeFromEmail } from '../preferences';

export const unsubscribeNotificationEmails: HttpOperation = async (context) => {
  const fromQuery = context.event.queryStringParameters?.token;
  if (fromQuery !== undefined) {
    const parsed = emailUnsubscribeRequestSchema.safeParse({ token: fromQuery });
    if (!parsed.success) throw validationErrorFromZod(parsed.error);
    return jsonResponse(200, await unsubscribeFromEmail(parsed.data.token));
  }
  const { body } = parseRequest(context.event, { body: emailUnsubscribeRequestSchema });
  return jsonResponse(200, await unsubscribeFromEmail(body.token));
};
