/** `GET /api/admin/seller-applications`: the admin queue, pending first, then decided ones. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { listSellerApplications as listApplications } from '../service';

export const listSellerApplications: HttpOperation = async (context) => {
  requireAuth(context);
  return jsonResponse(200, await listApplications());
};
