/**
 * The one rule for what a download costs: `spendDownload` (Download and Deploy) branches on it,
 * and the download status hands it to the detail page, so the page never guesses.
 */
import type { AccessTier } from '../../contract/catalog';
import type { DownloadCost } from '../../contract/downloads';

export interface DownloadCostInput {
  /** The caller sells this template. */
  ownTemplate: boolean;
  accessTier: AccessTier;
  /** The caller holds a completed, not fully refunded order of it (one-time-sale only). */
  owned: boolean;
  /** The caller already has this quota period's grant of it (downloaded before this period). */
  grantedThisPeriod: boolean;
  /**
   * The live version fixes a known vulnerability of the version of THIS template the caller
   * downloaded last (security-fix.ts): a download again that spends no quota.
   */
  fixesDownloadedVersion?: boolean;
}

export const downloadCostOf = (input: DownloadCostInput): DownloadCost => {
  // A seller spending on their own template would inflate its counts and their payout.
  if (input.ownTemplate) return 'own_template';
  if (input.accessTier === 'one_time_sale') return input.owned ? 'owned' : 'purchase_required';
  if (input.grantedThisPeriod) return 'free_again';
  if (input.accessTier === 'free') return 'free_tier';
  if (input.fixesDownloadedVersion) return 'security_fix';
  return 'quota';
};

/** Whether a download of this cost may go ahead (quota and daily limit aside). */
export const isDownloadAllowed = (cost: DownloadCost): boolean =>
  cost !== 'own_template' && cost !== 'purchase_required';
