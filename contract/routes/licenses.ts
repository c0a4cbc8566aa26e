/** Licence certificates: a buyer's list and the public check of one. */
import type * as z from 'zod';
import type { License, LicenseList, licenseListQuerySchema } from '../licenses';
import { defineRoutes, route } from './table';

export const licensesRoutes = defineRoutes('licenses', {
  'GET /api/licenses/{id}': route<{ response: License }>({
    operation: 'get-license',
    access: 'public',
    summary: 'One licence certificate, for anyone holding its id (verification).',
  }),
  'GET /api/me/licenses': route<{
    query: z.input<typeof licenseListQuerySchema>;
    response: LicenseList;
  }>({
    operation: 'list-my-licenses',
    access: 'user',
    summary: "The caller's licence certificates, newest first.",
  }),
});
