/** How the MVP review queue reads: the filter's labels and each status's colour and words. */
import type { PendingMvp, PendingMvpFilter, PendingMvpStatus } from '@contract/admin-mvps';
import { formatGbp, toPence } from '@contract/money';

export const MVP_FILTER_LABELS: Record<PendingMvpFilter, string> = {
  pending: 'All pending',
  pending_review: 'Waiting for review',
  scan_failed: 'Scan failed',
  ipfs_pin_failed: 'IPFS pin failed',
};

export const MVP_STATUS_LABELS: Record<PendingMvpStatus, string> = {
  pending_review: 'Pending review',
  scan_failed: 'Scan failed',
  ipfs_pin_failed: 'IPFS pin failed',
};

export const MVP_STATUS_PALETTE: Record<PendingMvpStatus, string> = {
  pending_review: 'yellow',
  scan_failed: 'red',
  ipfs_pin_failed: 'orange',
};

/** Only a bundle waiting for review can be approved; a failed one can only be rejected. */
export const canApproveMvp = (status: PendingMvpStatus): boolean => status === 'pending_review';

/** `Ada (@ada, ada@example.com)`: the seller as admins see them. */
export const mvpSellerLabel = (mvp: {
  sellerDisplayName: string | null;
  sellerUsername: string | null;
  sellerEmail: string | null;
}): string => {
  const handle = mvp.sellerUsername ? `@${mvp.sellerUsername}` : null;
  const details = [handle, mvp.sellerEmail].filter(Boolean).join(', ');
  if (mvp.sellerDisplayName)
    return details ? `${mvp.sellerDisplayName} (${details})` : mvp.sellerDisplayName;
  return details || 'Unknown seller';
};

/** How the template is offered: free, with a subscription, or its one-time price. */
export const mvpAccessLabel = (mvp: Pick<PendingMvp, 'access_tier' | 'price'>): string => {
  if (mvp.access_tier === 'free') return 'Free';
  if (mvp.access_tier === 'subscription') return 'Subscription';
  return mvp.price === null ? 'One-time sale' : formatGbp(toPence(mvp.price) ?? 0);
};
