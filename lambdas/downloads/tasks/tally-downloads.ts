/**
 * Scheduled task (contract/design/schedules.ts `downloadTally`), every minute: applies the counts
 * of downloads their own request left pending (tally.ts). EventBridge invokes it in the cloud,
 * the local scheduler on a laptop.
 */
import { taskHandler } from '../../shared/task-handler';
import { tallyPendingDownloads, type TallyReport } from '../tally';

/** Tallies are started for this long at most, well inside the task's one-minute timeout. */
export const TALLY_RUN_BUDGET_MS = 40_000;

const thisTask = async (): Promise<TallyReport> =>
  tallyPendingDownloads({ budgetMs: TALLY_RUN_BUDGET_MS });

export const handler = taskHandler('downloads/tally-downloads', thisTask);
