/**
 * Disputes: reasons, statuses, the filing schema shared by
 * the page and the API, and the shapes the API returns.
 */
import * as z from 'zod';
import { text } from './text';

export const DISPUTE_REASONS = [
  'Non-functioning code',
  'Missing features',
  'Incompatible with advertised platforms',
  'Security vulnerabilities',
  'Misrepresented functionality',
  'Other',
] as const;
export type DisputeReason = (typeof DISPUTE_REASONS)[number];

export const DISPUTE_STATUSES = [
  'open',
  'in_review',
  'resolved_buyer',
  'resolved_seller',
  'closed_no_action',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

/** Open and in review show Next Steps and Contact Support; the other three are final. */
export const isUnresolvedDispute = (status: DisputeStatus): boolean =>
  status === 'open' || status === 'in_review';

export const DISPUTE_DETAILS_MIN = 20;
export const DISPUTE_DETAILS_MAX = 5_000;
export const DISPUTE_REVIEW_DAYS = '2 to 3 business days';

export const DISPUTE_MESSAGES = {
  mvpRequired: 'Please select an MVP',
  reasonRequired: 'Please provide a reason for the dispute',
  detailsTooShort: 'Please provide more details about the issue (minimum 20 characters)',
  submitted: 'Dispute submitted successfully. We will review it shortly.',
  submitFailed: 'Failed to submit dispute.',
  signedOut: 'You must be logged in to submit a dispute',
  noMvpSelected: 'No MVP selected',
  loadDownloadsFailed: 'Failed to load download data',
  notFound: 'Dispute not found',
  forbidden: 'You do not have permission to view this dispute',
  /** Our own text: the product only says disputes need a download. */
  notDownloaded: 'You can only open a dispute for an MVP you have downloaded.',
} as const;

export const disputeInputSchema = z.object({
  mvp_id: z
    .string({ error: DISPUTE_MESSAGES.mvpRequired })
    .trim()
    .min(1, DISPUTE_MESSAGES.mvpRequired)
    .max(64, DISPUTE_MESSAGES.mvpRequired),
  reason: z.enum(DISPUTE_REASONS, { error: DISPUTE_MESSAGES.reasonRequired }),
  details: text({ label: 'The details', multiline: true, error: DISPUTE_MESSAGES.detailsTooShort })
    .min(DISPUTE_DETAILS_MIN, DISPUTE_MESSAGES.detailsTooShort)
    .max(DISPUTE_DETAILS_MAX, `Details can be at most ${DISPUTE_DETAILS_MAX} characters.`),
});
export type DisputeInput = z.infer<typeof disputeInputSchema>;

export interface DisputeTimelineEntry {
  status: DisputeStatus;
  at: string;
}

export interface DisputeParty {
  id: string;
  username: string | null;
  display_name: string | null;
  /**
   * Only in an admin's view: the parties see each other by name, never by e-mail address, so
   * filing a dispute cannot be used to learn a seller's private address.
   */
  email?: string;
}

/** How a party is named on the dispute page: display name, else @username, else its role. */
export const disputePartyName = (party: DisputeParty, role: 'Buyer' | 'Seller'): string =>
  party.display_name ?? (party.username ? `@${party.username}` : role);

export interface Dispute {
  id: string;
  mvp_id: string;
  reason: DisputeReason;
  details: string;
  status: DisputeStatus;
  opened_at: string;
  resolved_at: string | null;
  resolution_details: string | null;
  timeline: DisputeTimelineEntry[];
  buyer: DisputeParty;
  seller: DisputeParty;
  mvp: { id: string; title: string; slug: string };
  /** How the caller relates to it: lists show disputes as buyer or as seller. */
  viewer_role: 'buyer' | 'seller' | 'admin';
}

/** `GET /api/disputes`: disputes where the caller is the buyer or the seller, newest first. */
export interface DisputeList {
  items: Dispute[];
}
