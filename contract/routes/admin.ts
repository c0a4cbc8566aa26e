/** The admin dashboard: the overview of what waits. */
import type { AdminOverview } from '../admin-overview';
import { defineRoutes, route } from './table';

export const adminRoutes = defineRoutes('admin', {
  'GET /api/admin/overview': route<{ response: AdminOverview }>({
    operation: 'get-overview',
    access: 'admin',
    summary:
      'The admin overview: 8 figures from counters, the oldest pending templates and payouts, the newest users.',
  }),
});
