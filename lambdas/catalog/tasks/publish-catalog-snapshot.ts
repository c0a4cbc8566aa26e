/**
 * Scheduled task (contract/design/schedules.ts `catalogSnapshot`): rewrites the browse
 * catalog snapshot that new catalog containers start from, with fresh download and rating
 * counters. EventBridge invokes it in the cloud, the local scheduler (lib/local/cloud/scheduler.ts) on
 * a laptop; the event carries nothing it needs.
 */
import { publishCatalogSnapshot, type PublishedSnapshot } from '../service';
import { taskHandler } from '../../shared/task-handler';

const thisTask = async (_event?: unknown): Promise<PublishedSnapshot> => publishCatalogSnapshot();

export const handler = taskHandler('catalog/publish-catalog-snapshot', thisTask);
