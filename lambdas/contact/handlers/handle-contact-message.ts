/** `POST /api/admin/contact-messages/{id}/handle`: new → handled, audited (admins only). */
import { contactMessagePathSchema } from '../../../contract/contact';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { handleContactMessage as handle } from '../service';

export const handleContactMessage: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { params } = parseRequest(context.event, { params: contactMessagePathSchema });
  return jsonResponse(200, await handle(admin, params.id));
};
