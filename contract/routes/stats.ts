/** Public figures for the home page, and the admin analytics. */
import type { AdminAnalytics, AnalyticsPeriod } from '../admin-analytics';
import type { HealthReport } from '../health';
import type { HomeStats } from '../stats';
import { defineRoutes, route } from './table';

export const statsRoutes = defineRoutes('stats', {
  'GET /api/stats': route<{ response: HomeStats }>({
    operation: 'get-home-stats',
    access: 'public',
    summary: 'Home hero figures: completed deployments and approved templates.',
  }),
  'GET /api/health': route<{ response: HealthReport }>({
    operation: 'get-health',
    access: 'public',
    summary: 'Live health of the API, the database and the processing pipeline (/status).',
  }),
  'GET /api/admin/analytics': route<{
    query: { period?: AnalyticsPeriod };
    response: AdminAnalytics;
  }>({
    operation: 'get-admin-analytics',
    access: 'admin',
    summary: 'Revenue, downloads and new users by day over a period (day, week, month, year).',
  }),
});
