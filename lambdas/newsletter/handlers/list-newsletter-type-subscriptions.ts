/** `GET /api/admin/newsletter-types/{id}/subscriptions?limit=&cursor=`: users of one type. */
import {
  newsletterSubscriptionsQuerySchema,
  newsletterTypePathSchema,
} from '../../../contract/admin-newsletter';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminListTypeSubscriptions } from '../admin-service';

export const listNewsletterTypeSubscriptionsHandler: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, query } = parseRequest(context.event, {
    params: newsletterTypePathSchema,
    query: newsletterSubscriptionsQuerySchema,
  });
  return jsonResponse(200, await adminListTypeSubscriptions(admin, params.id, query));
};
