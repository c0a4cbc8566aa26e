/**
 * Every schedule of the marketplace, in one place: the CDK creates one EventBridge Scheduler
 * schedule per entry (lib/constructs/schedules.ts) and the local stack runs the same expressions
 * with croner (lib/local/cloud/scheduler.ts). Imports nothing of ours.
 *
 * `cron` is a cron expression without the `cron(...)` wrapper, in the form EventBridge rules and
 * EventBridge Scheduler share (Scheduler's time zone left at its default, UTC): six fields, UTC,
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
   * (docs/data-model.md, section 5). Its cost is one read of the approved catalog per run.
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
    task: 'account/tasks/close-expired-beta-accounts.ts',
    description: 'Removes expired beta-access accounts (Cognito user, profile, templates)',
  },
  /**
   * Daily at 00:30 UTC: the safety net of the quota resets. Every paid invoice resets its
   * subscriber's quota (the webhook); this repairs a reset the webhook missed (an active
   * subscription whose period started after the profile's last reset) and zeroes the quota of
   * subscriptions that have ended. Idempotent: a reset is conditional on the period.
   */
  quotaReset: {
    cron: '30 0 * * ? *',
    task: 'billing/tasks/reset-quotas.ts',
    description: 'Repairs missed monthly quota resets and zeroes quotas of ended subscriptions',
  },
  /**
   * The 1st of each month at 00:00 UTC: starts the monthly-payouts state machine for the month
   * that just ended. Re-running a month pays nobody twice (payout rows are keyed
   * by seller and month; transfers carry the payout id as idempotency key).
   */
  monthlyPayouts: {
    cron: '0 0 1 * ? *',
    task: 'payouts/tasks/start-monthly-payouts.ts',
    description: 'Starts the monthly payout run for the previous month',
  },
  /**
   * Every minute: the e-mails of notifications still in the outbox (docs/data-model.md, section 3.7).
   * Most are sent by the request that notified; this sends the ones written inside another
   * domain's transaction and retries failed sends, from every shard of the outbox, paced to its
   * share of the SES send rate. An empty outbox costs one small Query per shard.
   */
  notificationEmails: {
    cron: '* * * * ? *',
    task: 'notifications/tasks/send-notification-emails.ts',
    description: 'Sends pending notification e-mails and retries failed ones',
  },
  /**
   * Every minute: the counts of downloads whose request could not apply them (a lost race with
   * another download of the same template, a crash): the template's download count, the seller's
   * month counter, the site's counters and the seller's notification, each download exactly once
   * (docs/data-model.md, section 4.1). Nothing pending costs one small Query per shard.
   */
  downloadTally: {
    cron: '* * * * ? *',
    task: 'downloads/tasks/tally-downloads.ts',
    description: 'Applies the counts of downloads their request left pending',
  },
  /**
   * Daily at 03:30 UTC: the security re-check (docs/operations.md, "Security re-check"). Looks up
   * the stored dependency lists of every live version and every deployed version in the advisory
   * database again, updates their security reports and tells sellers and buyers of each new
   * finding once. A run the database does not answer changes nothing; the next day's run retries.
   */
  securityRecheck: {
    cron: '30 3 * * ? *',
    task: 'templates/tasks/security-recheck.ts',
    description: 'Re-checks live and deployed versions against new and changed advisories',
  },
  /**
   * Daily at 04:15 UTC: the live previews of templates archived in the last three days are tagged
   * for removal (docs/operations.md, "Version builds and previews"); the preview bucket's
   * lifecycle rule deletes tagged objects a day later. Previews of versions past a template's two
   * newest are retired when a newer version's build is recorded.
   */
  retireArchivedPreviews: {
    cron: '15 4 * * ? *',
    task: 'processing/tasks/retire-archived-previews.ts',
    description: 'Tags the live previews of archived templates for removal',
  },
} as const satisfies Record<string, ScheduleDesign>;

export type ScheduleName = keyof typeof schedules;
