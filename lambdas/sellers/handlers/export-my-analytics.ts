/** `GET /api/my/analytics/export`: the same figures as a CSV download. */
import { requireProfile, type HttpOperation } from '../../shared/http/create-http-handler';
import { csvResponse } from '../../shared/http/csv';
import { getSellerAnalytics, sellerAnalyticsCsv } from '../analytics';

export const exportMyAnalytics: HttpOperation = async (context) => {
  const now = new Date();
  const analytics = await getSellerAnalytics(requireProfile(context), now);
  return csvResponse(
    `template-analytics-${now.toISOString().slice(0, 10)}.csv`,
    sellerAnalyticsCsv(analytics),
  );
};
