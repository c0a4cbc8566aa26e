/** `POST /api/admin/newsletter-types`: a new newsletter type, audited. */
import { newsletterTypeCreateSchema } from '../../../contract/admin-newsletter';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminCreateNewsletterType } from '../admin-service';

export const createNewsletterTypeHandler: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { body } = parseRequest(context.event, { body: newsletterTypeCreateSchema });
  return jsonResponse(201, await adminCreateNewsletterType(admin, body));
};
