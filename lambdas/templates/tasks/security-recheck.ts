/**
 * Scheduled task (contract/design/schedules.ts `securityRecheck`), daily: the security re-check of
 * every live and deployed version (docs/operations.md, "Security re-check"). EventBridge invokes it
 * in the cloud, the local scheduler on a laptop.
 *
 * It lives with the templates domain because a re-check that changes a live version's worst
 * severity also changes the card's badge, which is the template item's (security-severity.ts);
 * the security-alerts domain, below templates, passes each change here.
 */
import { runSecurityRecheck, type RecheckSummary } from '../../security-alerts/service';
import { taskHandler } from '../../shared/task-handler';
import { recordLiveSecuritySeverity } from '../security-severity';

const thisTask = (): Promise<RecheckSummary> =>
  runSecurityRecheck({
    onLiveSeverityChange: (change) =>
      recordLiveSecuritySeverity(change.mvp_id, change.version_id, change.severity),
  });

export const handler = taskHandler('templates/security-recheck', thisTask);
