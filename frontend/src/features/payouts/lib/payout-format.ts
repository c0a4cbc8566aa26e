/** How the payouts page words months, statuses and filters. */
import type { PayoutFilter } from '@contract/payouts';
import { formatDate } from '@/lib/format';

/** `2026-05` → `May 2026` (the payout's month, not the day it was paid). */
export { formatMonthYear as monthLabel } from '@/lib/format';
export { PAYOUT_STATUS_PALETTE } from '@/lib/status-palettes';

export function formatPayoutDate(iso: string | null): string {
  return formatDate(iso);
}

export { PAYOUT_STATUS_LABELS } from '@/lib/status-palettes';

export const PAYOUT_FILTER_LABELS: Record<PayoutFilter, string> = {
  all: 'All',
  pending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
};
