/** The catalog: approved templates, their versions, for everyone. */
import type * as z from 'zod';
import type {
  browseQuerySchema,
  BrowseResult,
  TemplateDetail,
  TemplateVersionList,
} from '../catalog';
import { defineRoutes, route } from './table';

export const catalogRoutes = defineRoutes('catalog', {
  'GET /api/mvps': route<{ query: z.input<typeof browseQuerySchema>; response: BrowseResult }>({
    operation: 'list-templates',
    access: 'public',
    summary: 'Browse approved templates: search, filters, sort, pages of 20, exact total.',
  }),
  'GET /api/mvps/{id}': route<{ response: TemplateDetail }>({
    operation: 'get-template',
    access: 'public',
    summary: 'One approved template with its seller.',
  }),
  'GET /api/mvps/{id}/versions': route<{ response: TemplateVersionList }>({
    operation: 'list-template-versions',
    access: 'public',
    summary: "An approved template's version history: the versions that went live, newest first.",
  }),
});
