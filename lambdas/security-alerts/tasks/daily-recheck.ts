/**
 * Scheduled task (contract/design/schedules.ts `securityRecheck`), daily: the security re-check of
 * every live and deployed version (docs/operations.md, "Security re-check"). EventBridge invokes it
 * in the cloud, the local scheduler on a laptop.
 */
import { taskHandler } from '../../shared/task-handler';
import { runSecurityRecheck, type RecheckSummary } from '../service';

const thisTask = (): Promise<RecheckSummary> => runSecurityRecheck();

export const handler = taskHandler('security-alerts/daily-recheck', thisTask);
