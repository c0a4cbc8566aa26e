/**
 * One past download for the demo buyer (Feedback Board, by launchpad), so the dashboard has a
 * download to list and the dispute form a template to choose, without spending the buyer's quota.
 * The template's seeded `download_count` already stands for its past downloads, so this history
 * row moves no counter. Run after the templates: the row copies the stored template's fields.
 *
 * Idempotent: the row has a fixed id and is written only when absent.
 */
import { importPastDownload } from '../../../lambdas/downloads/service';
import type { DemoAccountKey } from './accounts';

export const SEEDED_DOWNLOAD = {
  id: '01JQ0000000000000000DWNL01',
  account: 'buyer' as DemoAccountKey,
  mvpId: '01JNNEBK80MFMQCDSM4G1BRC7G',
  downloadedAt: '2025-09-12T14:30:00.000Z',
};

/** Writes the demo buyer's download unless it exists; `subs` maps account keys to Cognito subs. */
export const seedDownloads = async (subs: ReadonlyMap<DemoAccountKey, string>): Promise<void> => {
  const userId = subs.get(SEEDED_DOWNLOAD.account);
  if (!userId) return;
  await importPastDownload({
    id: SEEDED_DOWNLOAD.id,
    userId,
    mvpId: SEEDED_DOWNLOAD.mvpId,
    downloadedAt: SEEDED_DOWNLOAD.downloadedAt,
  });
};
