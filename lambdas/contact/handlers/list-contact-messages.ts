/** `GET /api/admin/contact-messages`: contact messages of one status, newest first (admins only). */
import { contactMessageListQuerySchema } from '../../../contract/contact';
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { listContactMessages as list } from '../service';

export const listContactMessages: HttpOperation = async (context) => {
  const admin = requireAuth(context);
  const { query } = parseRequest(context.event, { query: contactMessageListQuerySchema });
  return jsonResponse(200, await list(admin.userId, query));
};
