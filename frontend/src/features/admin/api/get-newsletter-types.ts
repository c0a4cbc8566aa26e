/** `GET /api/admin/newsletter-types`: every newsletter type, by name. */
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

export function useNewsletterTypes() {
  return useQuery({
    queryKey: adminKeys.newsletterTypes,
    queryFn: ({ signal }) => api('GET /api/admin/newsletter-types', { signal }),
  });
}
