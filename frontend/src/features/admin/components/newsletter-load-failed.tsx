/** The Newsletter tab's load failure: the product's text, the API's words and Try again. */
import { NEWSLETTER_ADMIN_MESSAGES } from '@contract/admin-newsletter';
import { QueryError } from '@/components/query-error';
import { failedQueryProps } from '@/lib/query-retry';

export function LoadFailed({
  query,
}: {
  query: { error: unknown; refetch: () => unknown; isFetching: boolean };
}) {
  return (
    <QueryError
      {...failedQueryProps(query)}
      title={NEWSLETTER_ADMIN_MESSAGES.loadFailed}
      testId="newsletter-load-error"
    />
  );
}
