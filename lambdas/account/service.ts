/**
 * The account's own data, as the privacy policy and the terms promise (docs/account.md): the
 * export of everything the marketplace holds about the caller, and the account's closure. This
 * domain composes the others' services and is downstream of all of them (nothing imports it).
 */
import { archiveAllTemplatesOfSeller } from '../templates/archive-all';
import { endSubscriptionWithPeriod } from '../billing/closure';
import { listOrdersOfUser, listSubscriptions } from '../ledger/service';
import {
  forgetDeploymentAccess,
  listConnectionsForExport,
  listDeploymentsForExport,
} from '../deployments/account-data';
import { listMyDisputes, pseudonymiseDisputesOf } from '../disputes/service';
import { listAllDownloadsForExport } from '../downloads/account-data';
import {
  endEntitlement,
  getProfileWithEntitlement,
  profileQuotaOf,
} from '../downloads/entitlement';
import { listMyLicenses } from '../licenses/service';
import { forgetNewsletterOf, listMyNewsletterChoices } from '../newsletter/service';
import { deleteNotificationsOf, listAllMyNotifications } from '../notifications/service';
import { listPayoutsForExport, pseudonymisePayoutsOf } from '../payouts/account-data';
import { closedAccountEmail, deleteAvatarOf, eraseAccountProfile } from '../profiles/closure';
import { getProfile } from '../profiles/service';
import { listRefundRequests, pseudonymiseRefundRequestsOf } from '../refunds/service';
import { listReviewsOfUser, pseudonymiseReviewsOf } from '../reviews/account-data';
import {
  forgetSellerApplicationOf,
  getSellerApplicationForExport,
} from '../seller-applications/account-data';
import { checkPoolPassword, deletePoolUser } from '../shared/adapters/user-pool';
import type { AuthContext } from '../shared/auth/claims';
import { ACCOUNT_MESSAGES, type AccountClosed, type AccountExport } from '../../contract/account';
import { isSellerRole } from '../../contract/profile';
import { ValidationError } from '../shared/errors';
import { logger } from '../shared/observability';

/** Reads every page of a paged list (the lists are the caller's own, so they stay small). */
const allPages = async <Item>(
  read: (cursor: string | undefined) => Promise<{ items: Item[]; cursor: string | null }>,
): Promise<Item[]> => {
  const items: Item[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    items.push(...page.items);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return items;
};

const EXPORT_PAGE = 100;

/**
 * `GET /api/me/export`: the caller's own data from every domain, read through their own-data
 * views (the same the pages show), so nothing of another person and no token can be in it.
 */
export const exportMyData = async (auth: AuthContext, now = new Date()): Promise<AccountExport> => {
  const userId = auth.userId;
  // The profile as its owner sees it (GET /api/me): with their entitlement's figures.
  const { profile: user, entitlement } = await getProfileWithEntitlement(userId);
  const profile = user && { ...user, ...profileQuotaOf(entitlement) };
  const [
    subscriptions,
    orders,
    downloads,
    licences,
    reviews,
    disputes,
    refundRequests,
    notifications,
    deployments,
    connections,
    newsletters,
    payouts,
    sellerApplication,
  ] = await Promise.all([
    listSubscriptions(userId),
    listOrdersOfUser(userId),
    listAllDownloadsForExport(userId),
    allPages((cursor) => listMyLicenses(userId, { limit: EXPORT_PAGE, cursor })),
    listReviewsOfUser(userId),
    listMyDisputes(userId),
    listRefundRequests(userId),
    listAllMyNotifications(userId),
    listDeploymentsForExport(userId),
    listConnectionsForExport(userId),
    listMyNewsletterChoices(userId),
    profile && isSellerRole(profile.role) ? listPayoutsForExport(userId) : Promise.resolve([]),
    getSellerApplicationForExport(userId),
  ]);
  return {
    exported_at: now.toISOString(),
    profile,
    subscriptions,
    orders,
    downloads,
    licences,
    reviews,
    disputes,
    refund_requests: refundRequests,
    notifications,
    deployments,
    connections: connections.map((connection) => ({
      provider: connection.provider,
      ...(connection.account_login ? { account_login: connection.account_login } : {}),
      updated_at: connection.updated_at,
    })),
    newsletters,
    payouts,
    seller_application: sellerApplication,
  };
};

/**
 * `POST /api/me/close`, the primary course:
 *   1. the password is checked against Cognito (a wrong one: 400, nothing changes);
 *   2. a running subscription is set to end with its paid period (no further charge);
 *   3. the seller's templates are archived through the templates service (they leave the
 *      catalog; buyers keep their downloads and licences);
 *   4. what other people need is kept without the person: reviews lose the reviewer's name,
 *      payouts, disputes and refund requests the address (the pseudonym instead); notifications,
 *      newsletter data, the seller application, the profile picture, GitHub and Netlify tokens
 *      and Success Stories go;
 *   5. the profile's personal data is erased, the account marked closed, and the audit entry
 *      written, in one transaction; then its entitlement ends (no downloads left);
 *   6. the Cognito user is deleted, last, so a failure before it leaves the owner able to sign in
 *      and close again (every step can run twice).
 * Orders and licences as issued stay under the user id, which is already a pseudonym.
 */
export const closeMyAccount = async (
  auth: AuthContext,
  password: string,
): Promise<AccountClosed> => {
  const userId = auth.userId;
  if (!(await checkPoolPassword(auth.email, password))) {
    throw new ValidationError(ACCOUNT_MESSAGES.wrongPassword, {
      password: ACCOUNT_MESSAGES.wrongPassword,
    });
  }
  const profile = await getProfile(userId);
  const email = profile?.email ?? auth.email;

  await endSubscriptionWithPeriod(userId);
  const archivedTemplates = await archiveAllTemplatesOfSeller(userId);
  const pseudonym = closedAccountEmail(userId);
  const [reviews, , , , payouts] = await Promise.all([
    pseudonymiseReviewsOf(userId),
    deleteNotificationsOf(userId),
    forgetDeploymentAccess(userId),
    forgetNewsletterOf(userId, email),
    pseudonymisePayoutsOf(userId, pseudonym),
    pseudonymiseDisputesOf(userId, pseudonym),
    pseudonymiseRefundRequestsOf(userId, pseudonym),
    forgetSellerApplicationOf(userId),
    deleteAvatarOf(profile),
  ]);
  const closedAt = new Date().toISOString();
  await eraseAccountProfile(userId, closedAt, {
    action: 'account.close',
    after: { archived_templates: archivedTemplates, reviews_kept: reviews, payouts_kept: payouts },
  });
  // A closed account has no downloads left (its entitlement, which the downloads domain keeps).
  await endEntitlement(userId, closedAt);
  await deletePoolUser(auth.email);
  logger.info('Account closed by its owner', { userId, archivedTemplates });
  return { message: ACCOUNT_MESSAGES.closed };
};
