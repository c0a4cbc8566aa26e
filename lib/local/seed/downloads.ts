/**
 * One past download for the demo buyer (Feedback Board, by launchpad), so the dashboard has a
 * download to list and the dispute form a template to choose, without spending the buyer's quota.
 * The template's seeded `download_count` already stands for its past downloads, so this history
 * row moves no counter. Run after the templates: the row copies the stored template's fields.
 *
 * Idempotent: the row has a fixed id and is written only when absent.
 */
import { DownloadEntity } from '../../../lambdas/shared/db/entities/download';
import { MvpEntity } from '../../../lambdas/shared/db/entities/mvp';
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
  const existing = await DownloadEntity.get({ user_id: userId, id: SEEDED_DOWNLOAD.id }).go();
  if (existing.data) return;
  const { data: mvp } = await MvpEntity.get({ id: SEEDED_DOWNLOAD.mvpId }).go();
  if (!mvp) return;
  await DownloadEntity.create({
    id: SEEDED_DOWNLOAD.id,
    user_id: userId,
    mvp_id: mvp.id,
    seller_id: mvp.seller_id,
    month_year: SEEDED_DOWNLOAD.downloadedAt.slice(0, 7),
    downloaded_at: SEEDED_DOWNLOAD.downloadedAt,
    version_number: mvp.version_number,
    mvp_title: mvp.title,
    mvp_slug: mvp.slug,
    mvp_preview_image_key: mvp.preview_image_keys[0],
  }).go();
};
