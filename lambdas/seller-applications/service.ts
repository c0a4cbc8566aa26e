/**
 * Seller applications: any signed-in account applies to sell (one application under review at a
 * time; a declined applicant may apply again), the applicant reads where it stands, and an admin
 * decides with the application in front of them. The decision, its audit entry, the applicant's
 * notification and (on approval) the profile change commit in one transaction; the rules are
 * described in docs/data-model.md, section 3.15.
 */
import { auditWrite } from '../shared/audit';
import { notificationWrites } from '../notifications/service';
import type { AdminActor } from '../profiles/admin-users';
import { grantSellerApproval, setUserSellerApproval } from '../profiles/seller-approval';
import { ensureProfile, getProfile } from '../profiles/service';
import { isApprovedSeller } from '../shared/auth/access';
import type { TransactionItems } from '../shared/db/transaction';
import type { AuthContext } from '../shared/auth/claims';
import { ADMIN_USER_MESSAGES, type AdminUser } from '../../contract/admin-users';
import { isSellerRole } from '../../contract/profile';
import {
  SELLER_APPLICATION_MESSAGES,
  type AdminSellerApplication,
  type AdminSellerApplicationList,
  type MySellerApplication,
  type SellerApplicationDecision,
  type SellerApplicationInput,
  type SellerApplicationReceipt,
} from '../../contract/seller-applications';
import { ConflictError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import {
  getSellerApplication,
  putSellerApplicationUnlessPending,
  querySellerApplicationsOfStatus,
  sellerApplicationDecisionWrite,
  storeSellerApplicationDecision,
  type SellerApplicationItem,
} from './repo';

/** How many decided applications the admin queue shows under the pending ones, per outcome. */
const DECIDED_SHOWN = 50;
/** Pending applications the queue reads at most (a queue longer than this is a different product). */
const PENDING_SHOWN = 200;

/**
 * Stores the caller's seller application (A1), whatever their role: a buyer keeps buying while it
 * is reviewed, and the role changes only on approval.
 *
 * 1. Read (or create) the profile: its e-mail goes with the application. An approved seller has
 *    nothing to apply for.
 * 2. Store it, unless one is pending (409 with the applicant's words for it); a declined one is
 *    replaced, its reason with it.
 */
export const submitSellerApplication = async (
  auth: AuthContext,
  input: SellerApplicationInput,
): Promise<SellerApplicationReceipt> => {
  const profile = await ensureProfile(auth);
  if (isApprovedSeller(profile)) throw new ConflictError(SELLER_APPLICATION_MESSAGES.alreadySeller);
  const submittedAt = new Date().toISOString();
  const stored = await putSellerApplicationUnlessPending({
    user_id: auth.userId,
    email: profile.email,
    full_name: input.fullName,
    company_name: input.companyName,
    website: input.website,
    github_profile: input.githubProfile,
    linkedin_profile: input.linkedinProfile,
    years_experience: input.yearsExperience,
    specializations: input.specializations,
    previous_work: input.previousWork,
    portfolio_description: input.portfolioDescription,
    sample_projects: input.sampleProjects,
    agreed_to_terms: input.agreeToTerms,
    agreed_to_commission: input.agreeToCommission,
    status: 'pending',
    submitted_at: submittedAt,
  });
  if (stored === 'pending') throw new ConflictError(SELLER_APPLICATION_MESSAGES.alreadyPending);
  return { status: 'pending', submitted_at: submittedAt };
};

/** `GET /api/seller-applications/mine`: the caller's own application state (A2, by their id). */
export const getMySellerApplication = async (userId: string): Promise<MySellerApplication> => {
  const item = await getSellerApplication(userId);
  if (!item) return { status: 'none' };
  const base = { submitted_at: item.submitted_at, full_name: item.full_name };
  if (item.status === 'pending') return { status: 'pending', ...base };
  const reviewedAt = item.reviewed_at ?? item.submitted_at;
  if (item.status === 'approved') return { status: 'approved', ...base, reviewed_at: reviewedAt };
  return {
    status: 'rejected',
    ...base,
    reviewed_at: reviewedAt,
    reason: item.rejection_reason ?? 'No reason was recorded.',
  };
};

const toAdminApplication = (item: SellerApplicationItem): AdminSellerApplication => ({
  user_id: item.user_id,
  email: item.email,
  full_name: item.full_name,
  company_name: item.company_name ?? null,
  website: item.website ?? null,
  github_profile: item.github_profile ?? null,
  linkedin_profile: item.linkedin_profile ?? null,
  years_experience: item.years_experience,
  specializations: item.specializations,
  previous_work: item.previous_work,
  portfolio_description: item.portfolio_description,
  sample_projects: item.sample_projects,
  status: item.status,
  submitted_at: item.submitted_at,
  reviewed_at: item.reviewed_at ?? null,
  rejection_reason: item.rejection_reason ?? null,
});

/**
 * The admin queue (A3): pending applications first, oldest first (the one waiting longest on
 * top), then the newest decided ones, newest first.
 */
export const listSellerApplications = async (): Promise<AdminSellerApplicationList> => {
  const [pending, approved, rejected] = await Promise.all([
    querySellerApplicationsOfStatus('pending', { order: 'asc', limit: PENDING_SHOWN }),
    querySellerApplicationsOfStatus('approved', { order: 'desc', limit: DECIDED_SHOWN }),
    querySellerApplicationsOfStatus('rejected', { order: 'desc', limit: DECIDED_SHOWN }),
  ]);
  const decidedAt = (item: SellerApplicationItem) => item.reviewed_at ?? item.submitted_at;
  const decided = [...approved, ...rejected].sort((a, b) =>
    decidedAt(a) < decidedAt(b) ? 1 : decidedAt(a) > decidedAt(b) ? -1 : 0,
  );
  return { items: [...pending, ...decided].map(toAdminApplication) };
};

const APPROVED_MESSAGE =
  'Your seller application was approved. You can now upload your first template.';
const rejectedMessage = (reason: string) =>
  `Your seller application was not approved: ${reason} You may apply again.`;

/** The answer to a decision that refused: decided meanwhile, or the profile moved under it. */
const refusedDecision = (
  userId: string,
  result: { failed(name: string): string | undefined; codes: unknown },
): never => {
  if (result.failed('application') === 'ConditionalCheckFailed') {
    throw new ConflictError(SELLER_APPLICATION_MESSAGES.alreadyDecided);
  }
  logger.warn('Seller application decision not stored', { userId, codes: result.codes });
  throw new ConflictError(SELLER_APPLICATION_MESSAGES.decisionFailed);
};

/**
 * Approves a user as a seller: from the Applications queue and from the Users tab alike.
 *
 * 1. With a pending application: its Full Name becomes the display name if the profile has none,
 *    and the application is marked approved. Otherwise only a seller (roles seller and both) can
 *    be approved (from the Users tab), as before applications existed; a declined application of
 *    theirs is marked approved with it, so the two never disagree.
 * 2. The profile becomes an approved seller (a buyer becomes `seller`, an admin `both`; Cognito
 *    group and profile together), with the audit entry and the applicant's notification, in one
 *    transaction.
 */
export const approveSeller = async (actor: AdminActor, userId: string): Promise<AdminUser> => {
  const application = await getSellerApplication(userId);
  if (application?.status !== 'pending') {
    const profile = await getProfile(userId);
    if (!profile) throw new NotFoundError(ADMIN_USER_MESSAGES.userNotFound);
    if (!isSellerRole(profile.role)) throw new ConflictError(ADMIN_USER_MESSAGES.notSeller);
  }
  // The application this approval decides: pending, or declined (from the Users tab).
  const open =
    application?.status === 'pending' || application?.status === 'rejected'
      ? { status: application.status, fullName: application.full_name }
      : null;
  const now = new Date().toISOString();
  const { user, result } = await grantSellerApproval({
    id: userId,
    ...(open && { fullName: open.fullName }),
    with: (grant) => ({
      application:
        open !== null &&
        sellerApplicationDecisionWrite({
          userId,
          from: open.status,
          to: 'approved',
          reviewedBy: actor.userId,
          now,
        }),
      audit: auditWrite({
        actor,
        action: 'user.seller_approve',
        target: { type: 'user', id: userId },
        before: { role: grant.fromRole, is_seller_approved: false },
        after: {
          role: grant.toRole,
          is_seller_approved: true,
          ...(grant.displayName !== null && { display_name: grant.displayName }),
        },
        now,
      }),
      notification: notificationWrites(
        { userId, type: 'seller_application_decided', message: APPROVED_MESSAGE, link: '/upload' },
        now,
      ),
    }),
  });
  if (result.canceled) refusedDecision(userId, result);
  return user;
};

/**
 * Declines a pending application with the admin's reason: the application, the audit entry and
 * the applicant's notification (with the reason) in one transaction. The profile is unchanged.
 */
const rejectApplication = async (
  actor: AdminActor,
  userId: string,
  reason: string,
): Promise<void> => {
  const application = await getSellerApplication(userId);
  if (!application) throw new NotFoundError(SELLER_APPLICATION_MESSAGES.notFound);
  if (application.status !== 'pending') {
    throw new ConflictError(SELLER_APPLICATION_MESSAGES.alreadyDecided);
  }
  const now = new Date().toISOString();
  const result = await storeSellerApplicationDecision({
    application: sellerApplicationDecisionWrite({
      userId,
      from: 'pending',
      to: 'rejected',
      reviewedBy: actor.userId,
      reason,
      now,
    }),
    audit: auditWrite({
      actor,
      action: 'user.seller_reject',
      target: { type: 'user', id: userId },
      before: { application: 'pending' },
      after: { application: 'rejected', reason },
      now,
    }),
    notification: notificationWrites(
      {
        userId,
        type: 'seller_application_decided',
        message: rejectedMessage(reason),
        link: '/seller-signup',
      },
      now,
    ),
  });
  if (result.canceled) refusedDecision(userId, result);
};

/** `POST /api/admin/seller-applications/{userId}/decision`: approve, or reject with a reason. */
export const decideSellerApplication = async (
  actor: AdminActor,
  userId: string,
  decision: { decision: SellerApplicationDecision; reason?: string },
): Promise<AdminSellerApplication> => {
  const application = await getSellerApplication(userId);
  if (!application) throw new NotFoundError(SELLER_APPLICATION_MESSAGES.notFound);
  if (application.status !== 'pending') {
    throw new ConflictError(SELLER_APPLICATION_MESSAGES.alreadyDecided);
  }
  if (decision.decision === 'approve') await approveSeller(actor, userId);
  else await rejectApplication(actor, userId, decision.reason!);
  const decided = await getSellerApplication(userId);
  return toAdminApplication(decided ?? application);
};

/**
 * `POST /api/admin/users/{id}/seller-approval` (the Users tab): approval goes through
 * `approveSeller`, as the Applications queue does; revoking stays the profiles domain's.
 */
export const setSellerApprovalFromUsersTab = async (
  actor: AdminActor,
  userId: string,
  approved: boolean,
): Promise<AdminUser> =>
  approved
    ? approveSellerUnlessApproved(actor, userId)
    : setUserSellerApproval(actor, userId, false, await applicationFollows(actor, userId, false));

/**
 * A decision in the Users tab decides the user's application too, when there is one and it
 * differs (A4 in the profile's transaction; refused when the application moved meanwhile).
 */
const applicationFollows = async (
  actor: AdminActor,
  userId: string,
  approved: boolean,
): Promise<(now: string) => TransactionItems> => {
  const application = await getSellerApplication(userId);
  const to = approved ? 'approved' : 'rejected';
  return (now) =>
    application && application.status !== to
      ? {
          application: sellerApplicationDecisionWrite({
            userId,
            from: application.status,
            to,
            reviewedBy: actor.userId,
            now,
          }),
        }
      : {};
};

/** Approving an approved seller changes nothing (the Users tab's button may be pressed twice). */
const approveSellerUnlessApproved = async (
  actor: AdminActor,
  userId: string,
): Promise<AdminUser> => {
  const profile = await getProfile(userId);
  if (profile && isApprovedSeller(profile)) {
    return setUserSellerApproval(
      actor,
      userId,
      true,
      await applicationFollows(actor, userId, true),
    );
  }
  return approveSeller(actor, userId);
};
