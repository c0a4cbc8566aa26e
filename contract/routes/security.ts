/**
 * What is known of a template's versions before anyone buys them: their security reports
 * (dependencies and the advisories that affect them) and their builds (the security Lambda serves
 * both; the builds themselves are the builds domain's, the seller's Rebuild the templates').
 */
import type { LiveBuild, NewestBuild } from '../builds';
import type { LivePreview } from '../previews';
import type { SecurityReport } from '../security';
import { defineRoutes, route } from './table';

export const securityRoutes = defineRoutes('security', {
  'GET /api/mvps/{id}/security': route<{ response: SecurityReport }>({
    operation: 'get-live-report',
    access: 'public',
    summary: "The live version's security report of an approved template (the template page).",
  }),
  'GET /api/mvps/{id}/versions/{versionId}/security': route<{ response: SecurityReport }>({
    operation: 'get-version-report',
    access: 'owner-or-admin',
    summary:
      "Any version's security report, for the template's seller or an admin (403 otherwise).",
  }),
  'GET /api/mvps/{id}/security/newest': route<{ response: SecurityReport }>({
    operation: 'get-newest-report',
    access: 'owner-or-admin',
    summary:
      "The newest version's security report (live, in review, or never live), for the template's seller or an admin.",
  }),
  'GET /api/mvps/{id}/build': route<{ response: LiveBuild }>({
    operation: 'get-live-build',
    access: 'public',
    summary:
      "The live version's build of an approved template (outcome and figures, never the log), with the previous version's times.",
  }),
  'GET /api/mvps/{id}/build/newest': route<{ response: NewestBuild }>({
    operation: 'get-newest-build',
    access: 'owner-or-admin',
    summary:
      "The newest version's build with the end of its log, for the template's seller or an admin (403 otherwise).",
  }),
  'GET /api/mvps/{id}/preview': route<{ response: LivePreview }>({
    operation: 'get-live-preview',
    access: 'public',
    summary:
      "A short-lived signed address of the live version's preview of an approved template, when its build made a static site (404 otherwise).",
  }),
  'GET /api/mvps/{id}/preview/newest': route<{ response: LivePreview }>({
    operation: 'get-newest-preview',
    access: 'owner-or-admin',
    summary:
      "A short-lived signed address of the newest version's preview (before approval too), for the template's seller or an admin (403 otherwise).",
  }),
  /** Not JSON: the PNG itself, fetched with the caller's token (`apiDownload`). */
  'GET /api/mvps/{id}/build/screenshots/{viewport}': route<{ response: Blob }>({
    operation: 'get-build-screenshot',
    access: 'owner-or-admin',
    summary:
      "A picture (desktop or phone) of the newest version's built site, for the template's seller or an admin (404 otherwise).",
  }),
});
