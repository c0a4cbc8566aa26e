/**
 * Moderation of templates (see docs/product.md, States): an admin's approve or reject (the queue
 * of what waits is moderation-queue.ts). Each decision is one transaction (templates/repo.ts
 * `writeTemplate`) with the status counter, the catalog version (an approved template is in
 * `/mvps` at once), the seller's notification with the template's real title and link (an earlier
 * version's defect, an undefined value, fixed) and the audit entry. Conditioned on the status
 * read: of two admins deciding at once, one wins and the other gets a 409 naming the status the
 * template is in now.
 */
import { tellHoldersOfNewVersion } from '../security-alerts/new-version';
import { auditWrite } from '../shared/audit';
import { notificationWrites, type NotificationInput } from '../notifications/service';
import {
  MODERATION_MESSAGES,
  moderationConflictMessage,
  type ModerationResult,
} from '../../contract/admin-templates';
import type { UserProfile } from '../../contract/profile';
import { TEMPLATE_MESSAGES } from '../../contract/templates';
import { ConflictError, NotFoundError } from '../shared/errors';
import { RETRY, retry } from '../shared/retry';
import { heldEditDecidedWrite } from './held-edit-repo';
import { checkApprovalSecurity, recordApprovedSeverity } from './security-gate';
import {
  TransactionRefusedError,
  getCurrentVersion,
  getTemplateById,
  writeTemplate,
  type TemplateItem,
  type TemplateVersionItem,
} from './repo';
import { pendingInReview, rejectPendingVersion, switchLive } from './versions';
import { removeOldPreviews } from './files';
import { startPreviewRenditions } from './renditions';
import { isPending, waitingEdit } from './moderation-queue';
import { changedFields, toManagedTemplate } from './view';

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 3)}...` : text;

/** Where the seller's notifications lead: the live page, or My MVPs where the reason shows. */
const MY_TEMPLATES_LINK = '/my-mvps';
const templateLink = (id: string) => `/mvp/${id}`;

/** An approval carries the admin's reason when the version has a critical vulnerability. */
type Decision = { kind: 'approve'; overrideReason?: string } | { kind: 'reject'; reason: string };

/** What a decision writes on the template and tells the seller. */
const decisionWrites = (template: TemplateItem, decision: Decision, now: string) => {
  if (decision.kind === 'approve') {
    return {
      set: {
        status: 'approved',
        // The first publication date stays: a later version does not make a template "new".
        published_at: template.published_at ?? now,
        updated_at: now,
      } satisfies Partial<TemplateItem>,
      remove: ['last_processing_error'] as const,
      notification: {
        userId: template.seller_id,
        type: 'mvp_approved',
        message: `Your MVP "${template.title}" (version ${template.version_number}) was approved and is now published.`,
        link: templateLink(template.id),
      } satisfies NotificationInput,
      message: MODERATION_MESSAGES.approved,
    };
  }
  return {
    // The reason is what the seller reads on My MVPs (the template's last error).
    set: {
      status: 'rejected',
      last_processing_error: decision.reason,
      updated_at: now,
    } satisfies Partial<TemplateItem>,
    remove: ['published_at'] as const,
    notification: {
      userId: template.seller_id,
      type: 'mvp_rejected',
      message: clip(
        `Your MVP "${template.title}" (version ${template.version_number}) was rejected: ${decision.reason}`,
        1_000,
      ),
      link: MY_TEMPLATES_LINK,
    } satisfies NotificationInput,
    message: MODERATION_MESSAGES.rejected,
  };
};

/** Attempts when a concurrent transaction on the same items collided (not a refusal). */
const MAX_ATTEMPTS = 3;

/**
 * An admin's decision on one template.
 *
 * 1. Read it: archived or missing → 404; a decision naming a held edit (`editAt`), or a live
 *    template whose only waiting change is a held edit → that edit (`decideEdit`); a new version
 *    in review → that version; not pending → 409 naming its status; approving a template whose
 *    processing failed → 409 (only a bundle waiting for review is published).
 * 2. One transaction: the template from the status read (condition), the counter, the catalog
 *    version, the seller's notification and the audit entry.
 * 3. Refused because the status moved → read again and answer from the new status (step 1);
 *    a collision with another transaction is tried again.
 */
const decide = async (
  admin: UserProfile,
  templateId: string,
  decision: Decision,
  editAt: string | undefined,
): Promise<ModerationResult> => {
  return retry(
    async () => {
      const template = await getTemplateById(templateId);
      if (!template || template.status === 'archived')
        throw new NotFoundError(TEMPLATE_MESSAGES.notFound);
      if (editAt !== undefined) return decideEdit(admin, template, decision, editAt);
      const version = await pendingInReview(template);
      if (version) return decideVersion(admin, template, version, decision);
      if (waitingEdit(template)) return decideEdit(admin, template, decision, editAt);
      if (!isPending(template.status))
        throw new ConflictError(moderationConflictMessage(template.status));
      if (decision.kind === 'approve' && template.status !== 'pending_review') {
        throw new ConflictError(MODERATION_MESSAGES.notApprovableFailed);
      }
      const security =
        decision.kind === 'approve'
          ? await checkApprovalSecurity(
              templateId,
              (await getCurrentVersion(template))?.id ?? null,
              decision.overrideReason,
            )
          : null;
      const now = new Date().toISOString();
      const writes = decisionWrites(template, decision, now);
      try {
        await writeTemplate({
          mvpId: templateId,
          fromStatus: template.status,
          set: writes.set,
          remove: [...writes.remove],
          extra: notificationWrites(writes.notification, now),
          audit: auditWrite({
            actor: { userId: admin.id, email: admin.email },
            action: decision.kind === 'approve' ? 'mvp.approve' : 'mvp.reject',
            target: { type: 'mvp', id: templateId, name: template.title },
            before: { status: template.status },
            after: {
              status: writes.set.status,
              ...(decision.kind === 'reject' ? { reason: decision.reason } : {}),
              ...security?.audit,
            },
            now,
          }),
          now,
        });
        if (security) await recordApprovedSeverity(templateId, security);
        const updated: TemplateItem = { ...template, ...writes.set };
        for (const name of writes.remove) delete updated[name];
        // Buyers who deployed an older version hear of this one (best effort: it is approved
        // anyway).
        if (decision.kind === 'approve') await tellHoldersOfNewVersion(updated);
        return { mvp: toManagedTemplate(updated), message: writes.message };
      } catch (error) {
        if (!(error instanceof TransactionRefusedError)) throw error;
        // The status moved (read it again) or another transaction collided (try again).
        return RETRY;
      }
    },
    {
      attempts: MAX_ATTEMPTS,
      baseDelayMs: 0,
      exhausted: () => new ConflictError(TEMPLATE_MESSAGES.changedMeanwhile),
    },
  );
};

/**
 * An admin's decision on the new version of a live template: approval switches the live version
 * (one transaction with the catalog version, the notification and the audit entry); a rejection
 * marks only the version, with the reason for the seller. The live version stays either way until
 * then. A refusal means the version moved meanwhile (withdrawn, superseded, decided): 409.
 */
const decideVersion = async (
  admin: UserProfile,
  template: TemplateItem,
  version: TemplateVersionItem,
  decision: Decision,
): Promise<ModerationResult> => {
  const security =
    decision.kind === 'approve'
      ? await checkApprovalSecurity(template.id, version.id, decision.overrideReason)
      : null;
  const now = new Date().toISOString();
  const audit = auditWrite({
    actor: { userId: admin.id, email: admin.email },
    action: decision.kind === 'approve' ? 'mvp.version.approve' : 'mvp.version.reject',
    target: { type: 'mvp', id: template.id },
    before: { live_version: template.version_number, version: version.version_number },
    after: {
      status: decision.kind === 'approve' ? 'approved' : 'rejected',
      ...(decision.kind === 'reject' ? { reason: decision.reason } : {}),
      ...security?.audit,
    },
    now,
  });
  try {
    if (decision.kind === 'approve') {
      const updated = await switchLive({
        template,
        version,
        notification: {
          userId: template.seller_id,
          type: 'mvp_approved',
          message: `Your MVP "${template.title}" (version ${version.version_number}) was approved and is now live.`,
          link: templateLink(template.id),
        },
        audit,
        now,
      });
      if (security) await recordApprovedSeverity(template.id, security);
      await tellHoldersOfNewVersion(updated);
      return { mvp: toManagedTemplate(updated), message: MODERATION_MESSAGES.approved };
    }
    const updated = await rejectPendingVersion({
      template,
      version,
      reason: decision.reason,
      notification: {
        userId: template.seller_id,
        type: 'mvp_rejected',
        message: clip(
          `Version ${version.version_number} of your MVP "${template.title}" was rejected: ${decision.reason} The live version ${template.version_number} stays published.`,
          1_000,
        ),
        link: MY_TEMPLATES_LINK,
      },
      audit,
      now,
    });
    return { mvp: toManagedTemplate(updated), message: MODERATION_MESSAGES.rejected };
  } catch (error) {
    if (error instanceof TransactionRefusedError) {
      throw new ConflictError(TEMPLATE_MESSAGES.changedMeanwhile);
    }
    throw error;
  }
};

/**
 * An admin's decision on a live template's held edit (PUBLISH_MODE=moderate): approval applies it
 * (the catalog version moves in the same transaction, so every browse cache shows the new text);
 * a rejection keeps the live text and tells the seller why.
 *
 * Conditioned on the edit the admin read (`editAt`, the queue row's stamp): a decision naming
 * another edit, or none, is refused with a 409 before anything is written, and the transaction
 * deletes the HeldEdit item only while it still has that stamp, so a newer edit saved between the
 * read and the write refuses it too.
 */
const decideEdit = async (
  admin: UserProfile,
  template: TemplateItem,
  decision: Decision,
  editAt: string | undefined,
): Promise<ModerationResult> => {
  if (!waitingEdit(template)) throw new ConflictError(MODERATION_MESSAGES.editGone);
  const edit = template.pending_edit!;
  if (editAt !== edit.at) throw new ConflictError(MODERATION_MESSAGES.editChanged);
  const now = new Date().toISOString();
  const changed = changedFields(template);
  const audit = auditWrite({
    actor: { userId: admin.id, email: admin.email },
    action: decision.kind === 'approve' ? 'mvp.edit.approve' : 'mvp.edit.reject',
    target: { type: 'mvp', id: template.id },
    before: { changed },
    after: decision.kind === 'reject' ? { reason: decision.reason } : { applied: true },
    now,
  });
  const set: Partial<TemplateItem> =
    decision.kind === 'approve'
      ? { ...(edit.set as Partial<TemplateItem>), updated_at: now }
      : { pending_edit: { ...edit, reason: decision.reason }, pending_edit_status: 'rejected' };
  const remove = (
    decision.kind === 'approve' ? [...edit.remove, 'pending_edit', 'pending_edit_status'] : []
  ) as (keyof TemplateItem & string)[];
  try {
    await writeTemplate({
      mvpId: template.id,
      fromStatus: 'approved',
      set,
      remove,
      approvedContentChanged: decision.kind === 'approve',
      heldEdit: heldEditDecidedWrite(template.id, edit.at),
      extra: notificationWrites(
        decision.kind === 'approve'
          ? {
              userId: template.seller_id,
              type: 'mvp_approved',
              message: `Your changes to "${template.title}" were approved and are now live.`,
              link: templateLink(template.id),
            }
          : {
              userId: template.seller_id,
              type: 'mvp_rejected',
              message: clip(
                `Your changes to "${template.title}" were rejected: ${decision.reason} The live text stays as it was.`,
                1_000,
              ),
              link: MY_TEMPLATES_LINK,
            },
        now,
      ),
      audit,
      now,
    });
  } catch (error) {
    if (error instanceof TransactionRefusedError) {
      throw new ConflictError(
        error.item === 'heldEdit'
          ? MODERATION_MESSAGES.editChanged
          : TEMPLATE_MESSAGES.changedMeanwhile,
      );
    }
    throw error;
  }
  // The images the edit replaced (approved) or brought (rejected) are not shown any more.
  const editImages = edit.set.preview_image_keys as string[] | undefined;
  if (editImages) {
    await dropImages(decision.kind === 'approve', template.preview_image_keys, editImages);
    // The approved images are the cards' now: their renditions, as for an edit applied at once.
    if (decision.kind === 'approve') await startPreviewRenditions(template.id);
  }
  const updated = { ...template, ...set } as TemplateItem;
  for (const name of remove) delete updated[name];
  return {
    mvp: toManagedTemplate(updated),
    message:
      decision.kind === 'approve' ? MODERATION_MESSAGES.approved : MODERATION_MESSAGES.rejected,
  };
};

/**
 * The images a decision on a held edit leaves unshown: those of one set that the other does not
 * keep (a held edit may keep live images beside new ones: a picture added to the gallery).
 */
const dropImages = (approved: boolean, live: string[], edit: string[]) =>
  approved ? removeOldPreviews(live, edit) : removeOldPreviews(edit, live);

/**
 * `POST /api/admin/mvps/{id}/approve`: pending_review → approved, published at once; a held edit
 * only with its stamp (`editAt`); a version with a critical vulnerability (PUBLISH_MODE=moderate)
 * only with the admin's reason (`overrideReason`, audited).
 */
export const approveTemplate = (
  admin: UserProfile,
  templateId: string,
  editAt?: string,
  overrideReason?: string,
): Promise<ModerationResult> =>
  decide(admin, templateId, { kind: 'approve', overrideReason }, editAt);

/** `POST /api/admin/mvps/{id}/reject`: any pending status → rejected, with the reason. */
export const rejectTemplate = (
  admin: UserProfile,
  templateId: string,
  reason: string,
  editAt?: string,
): Promise<ModerationResult> => decide(admin, templateId, { kind: 'reject', reason }, editAt);
