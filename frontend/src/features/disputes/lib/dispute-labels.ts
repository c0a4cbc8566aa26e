/** How dispute statuses read on screen, and the three steps of the detail's timeline. */
import type { Dispute, DisputeStatus } from '@contract/disputes';

import { DISPUTE_STATUS_LABELS } from '@/lib/status-palettes';
import { formatDateTime } from '@/lib/format';

export { DISPUTE_STATUS_LABELS, DISPUTE_STATUS_PALETTE } from '@/lib/status-palettes';

export interface TimelineStep {
  label: string;
  /** When the dispute reached this step; `null` while it has not. */
  at: string | null;
}

/** Opened, in review, resolved: each with the moment it was reached, if it was. */
export function timelineSteps(dispute: Dispute): TimelineStep[] {
  const reached = (statuses: DisputeStatus[]) =>
    dispute.timeline.find((entry) => statuses.includes(entry.status))?.at ?? null;
  const final: DisputeStatus[] = ['resolved_buyer', 'resolved_seller', 'closed_no_action'];
  const resolvedAt = dispute.resolved_at ?? reached(final);
  return [
    { label: 'Dispute opened', at: dispute.opened_at },
    { label: 'In review', at: reached(['in_review']) },
    {
      label: final.includes(dispute.status) ? DISPUTE_STATUS_LABELS[dispute.status] : 'Resolved',
      at: resolvedAt,
    },
  ];
}

export { formatDateTime };
