/** `GET /api/payouts?status=`: the seller's payouts by month with the four summary figures. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { PayoutFilter } from '@contract/payouts';
import { api } from '@/lib/api-client';
import { payoutKeys } from './keys';

export function useSellerPayouts(filter: PayoutFilter) {
  return useQuery({
    queryKey: payoutKeys.list(filter),
    queryFn: ({ signal }) => api('GET /api/payouts', { query: { status: filter }, signal }),
    // Switching the filter keeps the cards and the last rows on screen until the next list is in.
    placeholderData: keepPreviousData,
  });
}
