/** `PATCH /api/admin/newsletter-types/{id}`: name, description or active switch, audited. */
import {
  newsletterTypePathSchema,
  newsletterTypeUpdateSchema,
} from '../../../contract/admin-newsletter';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { adminUpdateNewsletterType } from '../admin-service';

export const updateNewsletterTypeHandler: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params, body } = parseRequest(context.event, {
    params: newsletterTypePathSchema,
    body: newsletterTypeUpdateSchema,
  });
  return jsonResponse(200, await adminUpdateNewsletterType(admin, params.id, body));
};
