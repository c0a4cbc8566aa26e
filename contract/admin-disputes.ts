/**
 * Disputes in the admin dashboard: the queue by
 * status, Start Review (open → in_review) and the resolution (in_review → one of the three final
 * statuses, with non-blank details). The dispute itself is the buyer's shape (`Dispute`), seen
 * with the parties' e-mail addresses.
 */
import * as z from 'zod';
import { DISPUTE_STATUSES, type Dispute, type DisputeStatus } from './disputes';
import { text } from './text';

/** The three final statuses an admin resolves an in-review dispute to. */
export const DISPUTE_RESOLUTIONS = [
  'resolved_buyer',
  'resolved_seller',
  'closed_no_action',
] as const;
export type DisputeResolution = (typeof DISPUTE_RESOLUTIONS)[number];

export const DISPUTE_RESOLUTION_DETAILS_MAX = 5_000;

export const ADMIN_DISPUTE_MESSAGES = {
  /** The product's rule, word for word. */
  detailsRequired: 'Dispute resolution needs non-blank details',
  /** Our own texts where the product fixes none. */
  resolutionRequired:
    'Choose how the dispute ends: in favour of the buyer, in favour of the seller, or closed with no action.',
  detailsTooLong: `Resolution details can be at most ${DISPUTE_RESOLUTION_DETAILS_MAX} characters.`,
  statusFilter:
    'Choose which disputes to list: open, in review, resolved in favour of the buyer, resolved in favour of the seller, or closed with no action.',
} as const;

/** `GET /api/admin/disputes?status=`: one status of the queue (open when absent). */
export const disputeStatusQuerySchema = z.object({
  status: z.enum(DISPUTE_STATUSES, { error: ADMIN_DISPUTE_MESSAGES.statusFilter }).default('open'),
});

/** `POST /api/admin/disputes/{id}/resolve`. */
export const disputeResolutionInputSchema = z.object({
  status: z.enum(DISPUTE_RESOLUTIONS, { error: ADMIN_DISPUTE_MESSAGES.resolutionRequired }),
  resolution_details: text({
    label: 'The resolution details',
    multiline: true,
    error: ADMIN_DISPUTE_MESSAGES.detailsRequired,
  })
    .min(1, ADMIN_DISPUTE_MESSAGES.detailsRequired)
    .max(DISPUTE_RESOLUTION_DETAILS_MAX, ADMIN_DISPUTE_MESSAGES.detailsTooLong),
});
export type DisputeResolutionInput = z.infer<typeof disputeResolutionInputSchema>;

/** Why an admin action does not apply to a dispute in its current status (409). */
export const disputeStatusConflictMessage = (
  action: 'start-review' | 'resolve',
  status: DisputeStatus,
): string => {
  if (action === 'resolve' && status === 'open') {
    return 'This dispute is still open: start its review before resolving it.';
  }
  if (status === 'open' || status === 'in_review') {
    return `This dispute is already ${status === 'open' ? 'open' : 'in review'}.`;
  }
  return 'This dispute is already resolved.';
};

/** How a status reads in the parties' notifications. */
const STATUS_PHRASES: Record<Exclude<DisputeStatus, 'open'>, string> = {
  in_review: 'now in review',
  resolved_buyer: 'resolved in favour of the buyer',
  resolved_seller: 'resolved in favour of the seller',
  closed_no_action: 'closed with no action',
};

/** The `dispute_updated` notification both parties receive on each transition. */
export const disputeUpdatedMessage = (
  templateTitle: string,
  status: Exclude<DisputeStatus, 'open'>,
): string => `The dispute about "${templateTitle}" is ${STATUS_PHRASES[status]}.`;

/** `GET /api/admin/disputes?status=`: oldest first, with the parties' e-mail addresses. */
export interface AdminDisputeList {
  items: Dispute[];
}
