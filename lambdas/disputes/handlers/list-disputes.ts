/** `GET /api/disputes`: disputes where the caller is the buyer or the seller, newest first. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listMyDisputes } from '../service';

export const listDisputes: HttpOperation = async (context) => {
  const { userId } = requireAuth(context);
  return jsonResponse(200, { items: await listMyDisputes(userId) });
};
