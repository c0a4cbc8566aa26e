/** Scheduled task `quotaReset` (contract/design/schedules.ts): see quota-reset.ts. */
import { repairQuotas, type QuotaResetSummary } from '../quota-reset';

export const handler = async (event?: { time?: string }): Promise<QuotaResetSummary> =>
  repairQuotas(event?.time ? new Date(event.time) : new Date());
