/** `GET /api/admin/analytics?period=`: revenue, downloads and new users by day (admins only). */
import { analyticsQuerySchema } from '../../../contract/admin-analytics';
import type { HttpOperation } from '../../shared/http/create-http-handler';
import { parseRequest } from '../../shared/http/parse-request';
import { jsonResponse } from '../../shared/http/response';
import { getAdminAnalytics } from '../analytics';

export const getAdminAnalyticsHandler: HttpOperation = async ({ event }) => {
  const { query } = parseRequest(event, { query: analyticsQuerySchema });
  return jsonResponse(200, await getAdminAnalytics(query.period, new Date()));
};
