/**
 * Scheduled task (contract/design/schedules.ts `closeExpiredBetaAccounts`), hourly: removes
 * every beta account past its day (Cognito user, profile closed, templates archived). It runs
 * whether beta access is switched on or not, so accounts started before it was switched off are
 * removed too. EventBridge invokes it in the cloud, the local scheduler on a laptop; "expired" is
 * judged at the event's scheduled `time`.
 *
 * It lives with the account domain, which closes accounts: the templates domain's archive and the
 * downloads domain's end of the entitlement are handed to the profiles service here, since both
 * depend on profiles (profiles imports no other domain but the ledger).
 */
import { archiveAllTemplatesOfSeller } from '../../templates/archive-all';
import { endEntitlement } from '../../downloads/entitlement';
import { closeExpiredBetaAccounts, type BetaCleanupResult } from '../../profiles/beta-service';
import { taskHandler } from '../../shared/task-handler';

/** The part of EventBridge's scheduled event read here: the run's scheduled time. */
export interface ScheduledEvent {
  time?: string;
}

const thisTask = async (event: ScheduledEvent = {}): Promise<BetaCleanupResult> => {
  const scheduled = event.time ? new Date(event.time) : new Date();
  const result = await closeExpiredBetaAccounts(
    { archiveTemplatesOf: archiveAllTemplatesOfSeller, endEntitlementOf: endEntitlement },
    Number.isNaN(scheduled.getTime()) ? new Date() : scheduled,
  );
  // Failing the invocation makes a failed removal visible (Lambda Errors, the local scheduler's
  // report); the accounts stay listed, so the next run retries them.
  if (result.failed > 0) {
    throw new Error(
      `${result.failed} expired beta accounts were not closed; the next run retries.`,
    );
  }
  return result;
};

export const handler = taskHandler('account/close-expired-beta-accounts', thisTask);
