/** `GET /api/me/newsletter`: the caller's site-updates toggle. */
import { useQuery } from '@tanstack/react-query';
import { SITE_UPDATES_NEWSLETTER_ID } from '@contract/newsletter';
import { api } from '@/lib/api-client';
import { settingsKeys } from './keys';

export function useNewsletter(typeId: string = SITE_UPDATES_NEWSLETTER_ID) {
  return useQuery({
    queryKey: settingsKeys.newsletter(typeId),
    queryFn: ({ signal }) =>
      api('GET /api/me/newsletter', { query: { newsletter_type_id: typeId }, signal }),
  });
}
