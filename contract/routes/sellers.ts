/** Sellers' public pages, and a seller's own analytics and payout settings. */
import type { SellerAnalytics } from '../seller-analytics';
import type { PublicSellerProfile } from '../sellers';
import { defineRoutes, route } from './table';

export const sellersRoutes = defineRoutes('sellers', {
  'GET /api/sellers/{username}': route<{ response: PublicSellerProfile }>({
    operation: 'get-seller-profile',
    access: 'public',
    summary: "An approved seller's public page: profile, stats and approved templates.",
  }),
  'GET /api/my/analytics': route<{ response: SellerAnalytics }>({
    operation: 'get-my-analytics',
    access: 'approved-seller',
    summary: "The caller's own templates month by month (last 12 months).",
  }),
  /** Not JSON: a `text/csv` attachment (call it with `apiDownload`). */
  'GET /api/my/analytics/export': route<{ response: Blob }>({
    operation: 'export-my-analytics',
    access: 'approved-seller',
    summary: 'The same analytics as a CSV download.',
  }),
});
