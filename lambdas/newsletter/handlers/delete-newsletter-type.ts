/** `DELETE /api/admin/newsletter-types/{id}`: audited; `site_updates` is refused (409). */
import { newsletterTypePathSchema } from '../../../contract/admin-newsletter';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminDeleteNewsletterType } from '../admin-service';

export const deleteNewsletterTypeHandler: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params } = parseRequest(context.event, { params: newsletterTypePathSchema });
  return jsonResponse(200, await adminDeleteNewsletterType(admin, params.id));
};
