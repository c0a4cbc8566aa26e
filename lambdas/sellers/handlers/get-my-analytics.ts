/** `GET /api/my/analytics`: the approved seller's own templates, month by month. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { jsonResponse } from '../../shared/http/response';
import { getSellerAnalytics } from '../analytics';

export const getMyAnalytics: HttpOperation = async (context) =>
  jsonResponse(200, await getSellerAnalytics(requireProfile(context)));
