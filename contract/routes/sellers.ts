/**
 * Sellers' public pages, a seller's own analytics and payout settings, and Add to gallery of a
 * picture of their newest build (here, beside the templates' routes: its function has room, and
 * the templates domain's service does the gallery write).
 */
import type { AddPictureResult } from '../builds';
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
  'POST /api/mvps/{id}/build/screenshots/{viewport}/gallery': route<{
    response: AddPictureResult;
  }>({
    operation: 'add-build-screenshot-to-gallery',
    access: 'approved-seller',
    summary:
      "Copies a picture of the newest version's build into the template's gallery, as an uploaded preview image (its seller only; twice adds it once).",
  }),
});
