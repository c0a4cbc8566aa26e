/** `GET /api/seller-applications/mine`: where the caller's own seller application stands. */
import { requireAuth, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getMySellerApplication } from '../service';

export const getMyApplication: HttpOperation = async (context) => {
  const auth = requireAuth(context);
  return jsonResponse(200, await getMySellerApplication(auth.userId));
};
