/** `GET /api/me/newsletter`: the caller's site-updates toggle. */
import { useQuery } from '@tanstack/react-query';
import { SITE_UPDATES_NEWSLETTER_ID, type NewsletterStatus } from '@contracts/newsletter';
import { apiRequest } from '../../../lib/api-client';

export const newsletterKey = (typeId: string) => ['newsletter', typeId] as const;

export function getNewsletter(typeId: string, signal?: AbortSignal): Promise<NewsletterStatus> {
  return apiRequest<NewsletterStatus>('/me/newsletter', {
    query: new URLSearchParams({ newsletter_type_id: typeId }),
    signal,
  });
}

export function useNewsletter(typeId: string = SITE_UPDATES_NEWSLETTER_ID) {
  return useQuery({
    queryKey: newsletterKey(typeId),
    queryFn: ({ signal }) => getNewsletter(typeId, signal),
  });
}
