/**
 * Task 3 of mvp-processing: a clean, pinned bundle is published (approved, first published_at
 * kept, CID on the MVP and the version, catalog version bumped, seller notified), or, when
 * PUBLISH_MODE=moderate, stays in pending_review with its CID for an admin to approve.
 */
import * as z from 'zod';
import { config } from '../../shared/config';
import { logger } from '../../shared/observability';
import { getApprovedTemplateItem } from '../../catalog/service';
import { tellHoldersOfNewVersion } from '../../security-alerts/new-version';
import { publishProcessedVersion } from '../../templates/transitions';
import { recordPublishedSeverity } from '../../templates/security-gate';
import { classifyError } from '../errors';
import { approvedMessage, templateLink } from '../messages';
import { processingInputSchema } from '../schema';
import { taskHandler } from '../../shared/task-handler';

export const publishInputSchema = processingInputSchema.extend({ cid: z.string().min(1) });
export type PublishInput = z.infer<typeof publishInputSchema>;

export interface PublishResult {
  outcome: 'published' | 'held_for_review' | 'skipped';
}

/** Hands the result to the templates domain, which owns the transition (templates/transitions.ts). */
export const publishBundle = async (input: PublishInput): Promise<PublishResult> => {
  const moderate = config().PUBLISH_MODE === 'moderate';
  const outcome = await publishProcessedVersion({
    mvpId: input.mvpId,
    versionId: input.versionId,
    fileKey: input.fileKey,
    cid: input.cid,
    moderate,
    notification: (template, versionNumber) => ({
      userId: template.seller_id,
      type: 'mvp_approved',
      message: approvedMessage(template.title, versionNumber),
      link: templateLink(template.id),
    }),
    now: new Date().toISOString(),
  }).catch((error: unknown) => {
    throw classifyError(error, 'Publishing failed');
  });
  if (outcome === 'skipped') {
    logger.info('Publish skipped: the MVP moved on', { mvpId: input.mvpId });
    return { outcome };
  }
  if (!moderate) {
    // The card's badge follows the live version's report (written by the audit step before).
    await recordPublishedSeverity(input.mvpId, input.versionId);
    await tellDeployers(input.mvpId);
  }
  return { outcome: moderate ? 'held_for_review' : 'published' };
};

/** Buyers who hold an older version hear of the new one (best effort, see new-version.ts). */
const tellDeployers = async (templateId: string): Promise<void> => {
  try {
    await tellHoldersOfNewVersion(await getApprovedTemplateItem(templateId));
  } catch (error) {
    logger.warn('Deployers could not be told of the new version', { mvpId: templateId, error });
  }
};

const thisTask = async (event: unknown): Promise<PublishResult> =>
  publishBundle(publishInputSchema.parse(event));

export const handler = taskHandler('processing/publish', thisTask);
