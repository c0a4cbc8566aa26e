/**
 * Every schedule of the marketplace, in one place: the CDK creates one EventBridge rule per entry
 * (lib/constructs/schedules.ts) and the local stack runs the same expressions with croner
 * (lib/local/scheduler.ts). Imports nothing of ours.
 *
 * `cron` is an EventBridge cron expression without the `cron(...)` wrapper: six fields, UTC,
 * `minute hour day-of-month month day-of-week year`, with `?` in one of the two day fields and
 * day-of-week numbered 1–7 from Sunday. `task` is the module under `lambdas/` whose `handler` runs.
 */
export interface ScheduleDesign {
  readonly cron: string;
  readonly task: string;
  readonly description: string;
}

export const schedules = {
  /**
   * Every 5 minutes: the browse snapshot, so a new catalog container starts from one GetObject
   * and cards show download and rating counters at most about ten minutes stale
   * (docs/data-model.md §5). Its cost is one read of the approved catalog per run.
   */
  catalogSnapshot: {
    cron: '0/5 * * * ? *',
    task: 'catalog/tasks/publish-catalog-snapshot.ts',
    description: 'Rewrites the browse catalog snapshot (catalog/ in the mvp-files bucket)',
  },
  /**
   * Hourly: removes every beta-access account past its day (Cognito user deleted, profile
   * closed, templates archived). Runs whether beta access is on or not, so accounts started
   * before it was switched off go too. A beta account lives at most 24 h plus one hour.
   */
  closeExpiredBetaAccounts: {
    cron: '15 * * * ? *',
    task: 'profiles/tasks/close-expired-beta-accounts.ts',
    description: 'Removes expired beta-access accounts (Cognito user, profile, templates)',
  },
} as const satisfies Record<string, ScheduleDesign>;

export type ScheduleName = keyof typeof schedules;
