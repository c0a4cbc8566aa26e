/** Scheduled task `quotaReset` (contract/design/schedules.ts): see quota-reset.ts. */
import { repairQuotas, type QuotaResetSummary } from '../quota-reset';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (event?: { time?: string }): Promise<QuotaResetSummary> =>
  repairQuotas(event?.time ? new Date(event.time) : new Date());

export const handler = taskHandler('billing/reset-quotas', thisTask);
