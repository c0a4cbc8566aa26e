/**
 * Task 3 of mvp-processing: a clean, pinned bundle is published (approved, first published_at
 * kept, CID on the MVP and the version, catalog version bumped, seller notified), or, when
 * PUBLISH_MODE=moderate, stays in pending_review with its CID for an admin to approve.
 */
import * as z from 'zod';
import { config } from '../../shared/config';
import { logger } from '../../shared/observability';
import { approvedMessage, mvpLink } from '../messages';
import { getMvp, writePublish } from '../repo';
import { processingInputSchema } from '../schema';

export const publishInputSchema = processingInputSchema.extend({ cid: z.string().min(1) });
export type PublishInput = z.infer<typeof publishInputSchema>;

export interface PublishResult {
  outcome: 'published' | 'held_for_review' | 'skipped';
}

export const publishBundle = async (input: PublishInput): Promise<PublishResult> => {
  const mvp = await getMvp(input.mvpId);
  if (!mvp || mvp.status !== 'pending_review' || mvp.file_key !== input.fileKey) {
    logger.info('Publish skipped: the MVP moved on', { mvpId: input.mvpId, status: mvp?.status });
    return { outcome: 'skipped' };
  }
  const moderate = config().PUBLISH_MODE === 'moderate';
  const outcome = await writePublish({
    mvp,
    versionId: input.versionId,
    fileKey: input.fileKey,
    cid: input.cid,
    to: moderate ? 'pending_review' : 'approved',
    ...(moderate
      ? {}
      : {
          notification: {
            userId: mvp.seller_id,
            type: 'mvp_approved' as const,
            message: approvedMessage(mvp.title, mvp.version_number),
            link: mvpLink(mvp.id),
          },
        }),
    now: new Date().toISOString(),
  });
  if (outcome === 'skipped') return { outcome };
  return { outcome: moderate ? 'held_for_review' : 'published' };
};

export const handler = async (event: unknown): Promise<PublishResult> =>
  publishBundle(publishInputSchema.parse(event));
