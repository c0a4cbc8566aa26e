/** `GET /api/me/newsletter?newsletter_type_id=`: the caller's toggle (settings, Notifications). */
import * as z from 'zod';
import { SITE_UPDATES_NEWSLETTER_ID } from '../../../contract/newsletter';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getMyNewsletter } from '../service';

const querySchema = z.object({
  newsletter_type_id: z.string().trim().min(1).max(64).default(SITE_UPDATES_NEWSLETTER_ID),
});

export const getMyNewsletterHandler: HttpOperation = async (context) => {
  const { userId } = requireAuth(context);
  const { query } = parseRequest(context.event, { query: querySchema });
  return jsonResponse(200, await getMyNewsletter(userId, query.newsletter_type_id));
};
