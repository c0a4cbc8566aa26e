/**
 * PayoutRun (docs/data-model.md, section 3.12): one per month; the lease that keeps two runs of the same
 * month from working at once, and the run's totals.
 *
 * - byMonth (table): pk `month_year`
 */
import { defineEntity } from '../entity';

export interface PayoutRunItem {
  month_year: string;
  status: 'running' | 'completed';
  /** ISO: a crashed run is taken over once this has passed. */
  lease_until: string;
  started_at: string;
  completed_at?: string;
  /** Subscription revenue of the month net of refunds (minor units). */
  pool_amount: number;
  total_downloads: number;
  payouts_created: number;
  payouts_completed?: number;
  payouts_failed?: number;
  payouts_pending?: number;
  execution_name?: string;
}

export const PayoutRunEntity = defineEntity<PayoutRunItem>()({
  entity: 'payoutRun',
  version: '1',
  indexes: {
    byMonth: { pk: ['month_year'], sk: [] },
  },
});
