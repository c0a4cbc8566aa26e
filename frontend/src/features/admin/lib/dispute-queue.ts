/** How the dispute queue reads: status labels and colours, and who the parties are. */
import type { DisputeResolution } from '@contract/admin-disputes';
import type { DisputeParty } from '@contract/disputes';

export { DISPUTE_STATUS_LABELS, DISPUTE_STATUS_PALETTE } from '@/lib/status-palettes';

/** The resolve form's choices, as an admin reads them. */
export const RESOLUTION_LABELS: Record<DisputeResolution, string> = {
  resolved_buyer: 'Resolve in favour of the buyer',
  resolved_seller: 'Resolve in favour of the seller',
  closed_no_action: 'Close with no action',
};

/** `Ada Lovelace (ada@example.com)`: the name the parties see, and the address admins see. */
export const disputePartyLabel = (party: DisputeParty): string => {
  const name = party.display_name ?? (party.username ? `@${party.username}` : null);
  if (name && party.email) return `${name} (${party.email})`;
  return name ?? party.email ?? party.id;
};
