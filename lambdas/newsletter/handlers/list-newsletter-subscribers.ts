/** `GET /api/admin/newsletter-subscribers?limit=&cursor=&status=`: addresses, newest first. */
import { newsletterSubscribersQuerySchema } from '../../../contract/admin-newsletter';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminListSubscribers } from '../admin-service';

export const listNewsletterSubscribersHandler: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { query } = parseRequest(context.event, { query: newsletterSubscribersQuerySchema });
  return jsonResponse(200, await adminListSubscribers(admin, query));
};
