/**
 * Monthly payout runs as admins see them: which recent months were paid, and running a month
 * whose scheduled run never happened (the schedule was off, the account was new, a deploy
 * failed on the 1st). The run itself is the monthly-payouts state machine, as on the schedule,
 * so a month run by hand pays exactly what the schedule would have, and nobody twice.
 */
import { auditWrite } from '../shared/audit';
import type { AuthContext } from '../shared/auth/claims';
import {
  PAYOUT_RUN_MESSAGES,
  PAYOUT_STATUSES,
  type PayoutRunList,
  type PayoutRunMonth,
  type PayoutStatus,
  type StartedPayoutRunResult,
} from '../../contract/payouts';
import { ConflictError, ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';
import { addMonths, monthName, monthOf } from './months';
import {
  claimMissedPayoutRunAudited,
  countPayoutsByMonthAndStatus,
  getPayoutRuns,
  type PayoutRunItem,
} from './repo';
import { payoutRunExecutionName, startPayoutRun } from './start-run';

/** How far back the runs list looks (a run owed for longer is a matter for support). */
const RUN_WINDOW_MONTHS = 12;

const stateOf = (run: PayoutRunItem | undefined, now: Date): PayoutRunMonth['state'] => {
  if (!run) return 'missed';
  if (run.status === 'completed') return 'completed';
  // A run whose lease passed crashed: it is as good as missed until someone runs it again.
  return run.lease_until < now.toISOString() ? 'missed' : 'running';
};

const noPayouts = (): Record<PayoutStatus, number> =>
  Object.fromEntries(PAYOUT_STATUSES.map((status) => [status, 0])) as Record<PayoutStatus, number>;

/**
 * `GET /api/admin/payout-runs`: the months a run is owed for, newest first. They start at the
 * oldest month of the last year that has a run (the platform ran payouts from then on), or at
 * last month when none has, and end at last month (the current one is not over). Each month
 * carries its payouts by status as they stand now, so the page says "Paid 1 · Pending 1" rather
 * than "Paid" for a month whose run left a payout owed.
 */
export const listPayoutRuns = async (now = new Date()): Promise<PayoutRunList> => {
  const lastMonth = addMonths(monthOf(now), -1);
  const window = Array.from({ length: RUN_WINDOW_MONTHS }, (_, i) => addMonths(lastMonth, -i));
  const runs = new Map((await getPayoutRuns(window)).map((run) => [run.month_year, run]));
  const oldest = window.findLastIndex((month) => runs.has(month));
  const owed = window.slice(0, Math.max(oldest, 0) + 1);
  const payouts = await countPayoutsByMonthAndStatus(owed.at(-1)!, owed[0]!);
  return {
    months: owed.map((month_year) => {
      const run = runs.get(month_year);
      const state = stateOf(run, now);
      return {
        month_year,
        state,
        started_at: run?.started_at ?? null,
        completed_at: run?.completed_at ?? null,
        payouts_created: state === 'completed' ? (run?.payouts_created ?? 0) : null,
        payouts: payouts.get(month_year) ?? noPayouts(),
      };
    }),
  };
};

/**
 * `POST /api/admin/payout-runs`: runs the payouts of a month that has ended and was never run.
 *
 * 1. The month must have ended (400 otherwise).
 * 2. Claim the month's run for a new execution, with the audit entry, in one transaction: a
 *    month already run (or being run) is refused with a 409 that says so, so two clicks start one
 *    run and a completed month is never recomputed from here.
 * 3. Start the monthly-payouts state machine under that execution's name: its Prepare step finds
 *    the run already its own. If the start fails, the claim's lease runs out and the month shows
 *    as missed again.
 */
export const runPayoutsForMonth = async (
  admin: Pick<AuthContext, 'userId' | 'email'>,
  monthYear: string,
  now = new Date(),
): Promise<StartedPayoutRunResult> => {
  const label = monthName(monthYear);
  // 1.
  if (monthYear >= monthOf(now)) throw new ValidationError(PAYOUT_RUN_MESSAGES.notEnded(label));

  // 2.
  const executionName = payoutRunExecutionName(monthYear, now);
  const claimed = await claimMissedPayoutRunAudited({
    monthYear,
    executionName,
    now,
    audit: auditWrite({
      actor: { userId: admin.userId, email: admin.email },
      action: 'payout_run.start',
      target: { type: 'payout_run', id: monthYear, name: label },
      after: { month: label },
      now: now.toISOString(),
    }),
  });
  if (claimed.canceled) {
    if (claimed.failed('run') !== 'ConditionalCheckFailed') {
      throw new Error(`Claiming the payout run of ${monthYear} failed: ${claimed.failed('run')}`);
    }
    const [run] = await getPayoutRuns([monthYear]);
    throw new ConflictError(
      run?.status === 'completed'
        ? PAYOUT_RUN_MESSAGES.alreadyRun(label)
        : PAYOUT_RUN_MESSAGES.running(label),
    );
  }

  // 3.
  await startPayoutRun(monthYear, executionName);
  logger.info('Payout run started by an admin', { monthYear, executionName });
  return { month_year: monthYear, message: PAYOUT_RUN_MESSAGES.started(label) };
};
