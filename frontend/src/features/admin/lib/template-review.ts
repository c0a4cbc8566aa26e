/** How the MVP review queue reads: the filter's labels and each status's colour and words. */
import type {
  PendingTemplate,
  PendingTemplateFilter,
  PendingTemplateStatus,
} from '@contract/admin-templates';
import { formatGbp, toPence } from '@contract/money';

export const TEMPLATE_FILTER_LABELS: Record<PendingTemplateFilter, string> = {
  pending: 'All pending',
  pending_review: 'Waiting for review',
  scan_failed: 'Scan failed',
  ipfs_pin_failed: 'IPFS pin failed',
};

export const TEMPLATE_STATUS_LABELS: Record<PendingTemplateStatus, string> = {
  pending_review: 'Pending review',
  scan_failed: 'Scan failed',
  ipfs_pin_failed: 'IPFS pin failed',
};

export const TEMPLATE_STATUS_PALETTE: Record<PendingTemplateStatus, string> = {
  pending_review: 'yellow',
  scan_failed: 'red',
  ipfs_pin_failed: 'orange',
};

/** Only a bundle waiting for review can be approved; a failed one can only be rejected. */
export const canApproveTemplate = (status: PendingTemplateStatus): boolean =>
  status === 'pending_review';

/** `Ada (@ada, ada@example.com)`: the seller as admins see them. */
export const templateSellerLabel = (template: {
  sellerDisplayName: string | null;
  sellerUsername: string | null;
  sellerEmail: string | null;
}): string => {
  const handle = template.sellerUsername ? `@${template.sellerUsername}` : null;
  const details = [handle, template.sellerEmail].filter(Boolean).join(', ');
  if (template.sellerDisplayName)
    return details ? `${template.sellerDisplayName} (${details})` : template.sellerDisplayName;
  return details || 'Unknown seller';
};

/** How the template is offered: free, with a subscription, or its one-time price. */
export const templateAccessLabel = (
  template: Pick<PendingTemplate, 'access_tier' | 'price'>,
): string => {
  if (template.access_tier === 'free') return 'Free';
  if (template.access_tier === 'subscription') return 'Subscription';
  return template.price === null ? 'One-time sale' : formatGbp(toPence(template.price) ?? 0);
};
