/**
 * The one rule for who may have a template's files, and how: Download, Download again and Deploy
 * (what they cost, or why they are refused), the code preview, the repository link and upgrade
 * pull requests all ask `templateAccessOf` (through `loadTemplateAccess`), so no page or route
 * decides it on its own (docs/product.md, Access to a template's files).
 *
 * It reads the caller's licences of the template and the state of what granted them:
 * - a refund or a chargeback (a card dispute, while it is open and once it is lost) revokes what
 *   it paid for: a licence marked refunded or disputed is no longer held, and a quota period whose
 *   payment was refunded or disputed is not served again; a won dispute gives it back;
 * - a seller's archive or account closure takes nothing away: a holder of a valid licence keeps
 *   downloading the template, and its repository link, after it has left the catalog.
 */
import type { AccessTier } from '../../contract/catalog';
import type { DownloadCost } from '../../contract/downloads';
import { hasAdminRights, type UserProfile } from '../../contract/profile';
import { getSubscriptionView, ownedTemplateOrder } from '../ledger/service';
import type { TemplateItem } from '../catalog/template-items';
import { licenseStanding, licensesOfTemplate, type LicenseStanding } from '../licenses/service';
import { downloadCostOf } from './cost';
import { findLatestDownload, getDownloadGrant } from './repo';
import type { DownloadGrantItem } from '../shared/db/entities/download-grant';
import { fixesDownloadedVersion } from './security-fix';

/** What the rule is decided from (all of it read by `loadTemplateAccess`). */
export interface AccessFacts {
  /** The caller sells this template. */
  ownTemplate: boolean;
  /** The caller has admin rights (reads any template's files; spends like anyone else). */
  admin: boolean;
  /** The template is public (approved); else archived, by its seller or their account's closure. */
  listed: boolean;
  accessTier: AccessTier;
  /** The caller holds a completed order of it, not fully refunded nor disputed (one-time sale only). */
  owned: boolean;
  /** This quota period's grant of it, with the refund or dispute date of the licence it issued. */
  periodGrant: { licenseId: string; refundedAt: string | null; disputedAt?: string | null } | null;
  /** The caller's licences of this template, newest first. */
  licenses: readonly LicenseStanding[];
  /** An active (or trialing) subscription: its holder may read subscription templates' files. */
  activeSubscription: boolean;
  /** The live version fixes a known vulnerability of the version the caller downloaded last. */
  fixesDownloadedVersion: boolean;
}

export interface TemplateAccess {
  /**
   * What Download, Download again or Deploy does now; null when the template is not listed and
   * the caller holds nothing of it (the same 404 as for a template that never existed).
   */
  cost: DownloadCost | null;
  /** The valid licence a download hands back without issuing another (a held, unlisted one). */
  heldLicenseId: string | null;
  /** When the payment behind the caller's latest licence of it was refunded, if it was. */
  refundedAt: string | null;
  /**
   * When the payment behind the caller's latest licence of it was disputed with the card issuer
   * (open or lost), if it was and was not refunded.
   */
  disputedAt: string | null;
  /** May read the files inside the bundle (code preview). */
  readFiles: boolean;
  /** May see the template's source repository (its licence covers it, or it is free and listed). */
  repository: boolean;
}

/** The rule itself, without I/O (its cases: test/integration/lambdas/downloads/access.test.ts). */
export const templateAccessOf = (facts: AccessFacts): TemplateAccess => {
  const valid =
    facts.licenses.find((license) => !license.refundedAt && !license.disputedAt) ?? null;
  const refundedAt = facts.licenses[0]?.refundedAt ?? null;
  const disputedAt = refundedAt ? null : (facts.licenses[0]?.disputedAt ?? null);
  // A holder: a valid licence, or an order that is still paid for (its licence is its own).
  const holder = valid !== null || facts.owned;
  // A free template's licence is everyone's for the asking, and its card links its source already.
  const freeAndListed = facts.listed && facts.accessTier === 'free';
  const repository = facts.ownTemplate || facts.admin || holder || freeAndListed;
  const readFiles =
    repository || (facts.listed && facts.accessTier === 'subscription' && facts.activeSubscription);
  const access = { heldLicenseId: null, refundedAt, disputedAt, readFiles, repository };

  if (facts.ownTemplate) return { ...access, cost: 'own_template' };
  if (!facts.listed) {
    // Off the catalog: what is held stays held, for nothing; nothing new is given.
    if (valid) return { ...access, cost: 'licence_held', heldLicenseId: valid.id };
    return { ...access, cost: refundedAt ? 'refunded' : disputedAt ? 'disputed' : null };
  }
  if (facts.periodGrant?.refundedAt && facts.accessTier !== 'one_time_sale') {
    return {
      ...access,
      cost: 'refunded',
      refundedAt: facts.periodGrant.refundedAt,
      disputedAt: null,
    };
  }
  if (facts.periodGrant?.disputedAt && facts.accessTier !== 'one_time_sale') {
    return {
      ...access,
      cost: 'disputed',
      refundedAt: null,
      disputedAt: facts.periodGrant.disputedAt,
    };
  }
  return {
    ...access,
    cost: downloadCostOf({
      ownTemplate: false,
      accessTier: facts.accessTier,
      owned: facts.owned,
      grantedThisPeriod: facts.periodGrant !== null,
      fixesDownloadedVersion: facts.fixesDownloadedVersion,
    }),
  };
};

/** What the caller's own reads give the rule: who they are and this quota period. */
export interface AccessCaller {
  userId: string;
  profile: Pick<UserProfile, 'role' | 'beta_expires_at'> | null;
  /** The start of the caller's quota period (their entitlement's last reset), null before any. */
  lastQuotaResetAt: string | null;
}

/** The quota period of a profile that has never had a reset. */
export const INITIAL_QUOTA_PERIOD = 'initial';

/**
 * The rule's facts for one caller and template, and the rule's answer, with the grant read.
 * `costOnly` (a download, on its hot path): only what the cost of a listed template needs is read
 * (the licences only when a one-time sale is not owned, to say when it was refunded; no
 * subscription), so `readFiles` and `repository` are not to be used from it.
 */
export const loadTemplateAccess = async (
  caller: AccessCaller,
  template: Pick<TemplateItem, 'id' | 'seller_id' | 'access_tier' | 'status' | 'version_number'>,
  options: { costOnly?: boolean } = {},
): Promise<TemplateAccess & { periodGrant: DownloadGrantItem | null }> => {
  const { userId, profile } = caller;
  const ownTemplate = template.seller_id === userId;
  const tier = template.access_tier;
  const period = caller.lastQuotaResetAt ?? INITIAL_QUOTA_PERIOD;
  const costOnly = options.costOnly === true && template.status === 'approved';
  const [order, grant] = await Promise.all([
    tier === 'one_time_sale' && !ownTemplate ? ownedTemplateOrder(userId, template.id) : null,
    tier === 'one_time_sale' || ownTemplate ? null : getDownloadGrant(userId, template.id, period),
  ]);
  const needsLicenses = !ownTemplate && (!costOnly || (tier === 'one_time_sale' && !order));
  const [licenses, subscription] = await Promise.all([
    needsLicenses ? licensesOfTemplate(userId, template.id) : [],
    tier === 'subscription' && !ownTemplate && !costOnly ? getSubscriptionView(userId) : null,
  ]);
  const grantLicense = grant
    ? (licenses.find((license) => license.id === grant.license_id) ??
      (await licenseStanding(grant.license_id)))
    : null;
  const fixes =
    tier === 'subscription' &&
    !ownTemplate &&
    grant === null &&
    template.status === 'approved' &&
    (await fixesDownloadedVersion(
      template,
      (await findLatestDownload(userId, template.id))?.version_number ?? null,
    ));
  const access = templateAccessOf({
    ownTemplate,
    admin: profile !== null && hasAdminRights(profile),
    listed: template.status === 'approved',
    accessTier: tier,
    owned: order !== null,
    periodGrant: grant
      ? {
          licenseId: grant.license_id,
          refundedAt: grantLicense?.refundedAt ?? null,
          disputedAt: grantLicense?.disputedAt ?? null,
        }
      : null,
    licenses,
    activeSubscription: subscription?.subscription_status === 'active',
    fixesDownloadedVersion: fixes,
  });
  return { ...access, periodGrant: grant };
};
