/**
 * MVP reviews in the admin dashboard: the
 * queue's filter, the reject form's schema (shared by the tab and the API) and what the API
 * answers for `GET /api/admin/mvps`, `POST /api/admin/mvps/{id}/approve` and `…/reject`.
 */
import * as z from 'zod';
import { SECURITY_MESSAGES } from './security';
import type { TemplateStatus } from './catalog';
import type { ManagedTemplate } from './templates';
import { text } from './text';

/** What admin views treat as pending ("pending_review, scan_failed and ipfs_pin_failed"). */
export const PENDING_TEMPLATE_STATUSES = [
  'pending_review',
  'scan_failed',
  'ipfs_pin_failed',
] as const;
export type PendingTemplateStatus = (typeof PENDING_TEMPLATE_STATUSES)[number];

/** The queue's filter: `pending` is all three pending statuses. */
export const PENDING_TEMPLATE_FILTERS = ['pending', ...PENDING_TEMPLATE_STATUSES] as const;
export type PendingTemplateFilter = (typeof PENDING_TEMPLATE_FILTERS)[number];

/** The oldest templates listed per status (the counts say how many there are in all). */
export const PENDING_TEMPLATE_LIST_LIMIT = 100;

/** The longest rejection reason (it is shown to the seller and put in the notification). */
export const REJECTION_REASON_MAX = 1_000;

export const MODERATION_MESSAGES = {
  reasonRequired: 'Please give a reason for the rejection.',
  reasonTooLong: `The reason must be at most ${REJECTION_REASON_MAX} characters.`,
  approved: 'MVP approved and published.',
  rejected: 'MVP rejected. The seller has been notified.',
  /** The seller saved newer edits than the ones the admin read (or none were named). */
  editChanged:
    'The seller changed these edits after you opened them. Review the new changes, then decide again.',
  /** A decision names a held edit, but none waits any more (decided, or the template is gone). */
  editGone: 'These changes are no longer waiting for review.',
  /** Only a bundle that is waiting for review (not one that failed processing) can be approved. */
  notApprovableFailed:
    'This MVP failed processing and cannot be approved. Reject it, or let the seller retry or upload a fixed version.',
} as const;

/** Why a decision does not apply any more (409): another admin, or the seller, moved it first. */
export const moderationConflictMessage = (status: TemplateStatus): string =>
  status === 'archived'
    ? 'This MVP was deleted meanwhile.'
    : `This MVP is no longer waiting for review: it is ${status.replace(/_/g, ' ')} now.`;

export const pendingTemplateQuerySchema = z.object({
  status: z
    .enum(PENDING_TEMPLATE_FILTERS, {
      error: `status must be one of ${PENDING_TEMPLATE_FILTERS.join(', ')}.`,
    })
    .default('pending'),
});

/**
 * Which held edit a decision is about: the queue row's `edit_at`. A decision on a held edit is
 * refused (409) unless it names the edit that waits now, so an admin never approves text they
 * have not read. Ignored for templates and versions.
 */
const editStampSchema = z.string().trim().min(1).max(40).optional();

/** The shortest reason that lets an admin publish a version with a critical vulnerability. */
export const OVERRIDE_REASON_MIN = 10;
export const OVERRIDE_REASON_MAX = 1_000;

/**
 * Why an admin publishes a version with a critical vulnerability anyway (audited with the
 * approval); refused without it (409) when the version has one.
 */
export const overrideReasonSchema = text({
  label: 'The reason',
  multiline: true,
  error: SECURITY_MESSAGES.overrideReasonRequired,
})
  .min(OVERRIDE_REASON_MIN, SECURITY_MESSAGES.overrideReasonRequired)
  .max(OVERRIDE_REASON_MAX, `At most ${OVERRIDE_REASON_MAX} characters.`);

/** `POST /api/admin/mvps/{id}/approve` (the body is optional). */
export const approveTemplateSchema = z
  .object({ edit_at: editStampSchema, override_reason: overrideReasonSchema.optional() })
  .optional()
  .transform((body) => body ?? {});
export type ApproveTemplateInput = z.input<typeof approveTemplateSchema>;

export const rejectTemplateSchema = z.object({
  reason: text({ label: 'The reason', multiline: true, error: MODERATION_MESSAGES.reasonRequired })
    .min(1, MODERATION_MESSAGES.reasonRequired)
    .max(REJECTION_REASON_MAX, MODERATION_MESSAGES.reasonTooLong),
  edit_at: editStampSchema,
});
export type RejectTemplateInput = z.infer<typeof rejectTemplateSchema>;

/** A template in the queue, with its seller as admins see them (e-mail included). */
export interface PendingTemplate {
  id: string;
  title: string;
  tagline: string;
  category: string;
  tech_stack: string[];
  status: PendingTemplateStatus;
  version_number: string;
  access_tier: ManagedTemplate['access_tier'];
  price: number | null;
  preview_images: string[];
  /** Why processing failed (scan_failed, ipfs_pin_failed), else null. */
  last_processing_error: string | null;
  /** When the template entered its status (the upload, new version or failure). */
  submittedAt: string;
  /**
   * Set when this is a new version of a live template: the version that stays live until this one
   * is approved (approving switches it, rejecting keeps it). Null for a template never live.
   */
  live_version_number: string | null;
  /**
   * The version this row decides (its security report is read by it); null for a held edit, whose
   * bundle does not change.
   */
  version_id: string | null;
  /**
   * Set when this is an edit of a live template's text held for review: the fields it changes
   * (the row's other fields show the template as the edit would make it).
   */
  edit_fields: string[] | null;
  /** The held edit's stamp, sent back with the decision (see `approveMvpSchema`); else null. */
  edit_at: string | null;
  created_at: string;
  seller_id: string;
  sellerEmail: string | null;
  sellerUsername: string | null;
  sellerDisplayName: string | null;
}

/** `GET /api/admin/mvps?status=`: oldest first; `counts` are exact (the status counters). */
export interface PendingTemplateList {
  items: PendingTemplate[];
  counts: Record<PendingTemplateStatus, number>;
}

/** `POST /api/admin/mvps/{id}/approve` and `…/reject`: the template as stored now. */
export interface ModerationResult {
  mvp: ManagedTemplate;
  message: string;
}
