/** Query keys of the catalog (browse and the template detail): every read and refresh uses these. */
import type { ApiQuery } from '@/lib/api-client';

export const catalogKeys = {
  all: ['mvps'] as const,
  list: (query: ApiQuery<'GET /api/mvps'>) => ['mvps', 'list', query] as const,
  detail: (templateId: string | undefined) => ['mvps', 'detail', templateId] as const,
};
