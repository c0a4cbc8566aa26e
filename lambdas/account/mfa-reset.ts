/**
 * A lost authenticator app (docs/account.md, "Lost authenticator app"): an admin, having checked
 * who is asking, turns the user's app off in Cognito, and the audit entry (with the admin's
 * reason) and the user's notice (bell and e-mail, always sent) are written together.
 */
import { MFA_RESET_MESSAGES, type MfaReset } from '../../contract/mfa-reset';
import { notificationWrites, sendQueuedEmails } from '../notifications/service';
import { getProfile } from '../profiles/service';
import { turnOffPoolUserTotp } from '../shared/adapters/user-pool';
import { auditPersonName, auditWrite } from '../shared/audit';
import type { AuthContext } from '../shared/auth/claims';
import { ConflictError, DependencyFailedError, NotFoundError } from '../shared/errors';
import { logger } from '../shared/observability';
import { commitMfaResetRecord } from './repo';

/** Where the notice takes the user: Settings → Security, to set up a new app. */
const SECURITY_SETTINGS_LINK = '/settings?tab=security';

/**
 * `POST /api/admin/users/{id}/mfa-reset`.
 *
 * 1. Never the admin's own app (Settings → Security turns it off, with a session that proves it).
 * 2. The user's profile, or 404.
 * 3. Cognito: the app turned off (AdminSetUserMFAPreference); a user without a sign-in account or
 *    without an app on is a 409 that changes nothing.
 * 4. One transaction: the audit entry (`user.mfa_reset`, the reason in `after`) and the
 *    notification with its queued e-mail; the e-mail goes out at once when it can.
 *
 * Cognito cannot join the transaction: if step 4 fails after step 3, the app stays off and the
 * failure is logged with the admin, the user and the reason, so the record is not lost.
 */
export const resetUserMfa = async (
  actor: Pick<AuthContext, 'userId' | 'email'>,
  id: string,
  reason: string,
): Promise<MfaReset> => {
  if (id === actor.userId) throw new ConflictError(MFA_RESET_MESSAGES.ownApp);
  const user = await getProfile(id);
  if (!user) throw new NotFoundError(MFA_RESET_MESSAGES.userNotFound);
  const outcome = await turnOffPoolUserTotp(id);
  if (outcome === 'absent') throw new ConflictError(MFA_RESET_MESSAGES.noPoolUser);
  if (outcome === 'none') throw new ConflictError(MFA_RESET_MESSAGES.noApp);
  const now = new Date().toISOString();
  const record = { adminId: actor.userId, userId: id, reason };
  try {
    const result = await commitMfaResetRecord({
      audit: auditWrite({
        actor,
        action: 'user.mfa_reset',
        target: { type: 'user', id, name: auditPersonName(user) },
        before: { authenticator_app: true },
        after: { authenticator_app: false, reason },
        now,
      }),
      notification: notificationWrites(
        {
          userId: id,
          type: 'account_security',
          message: MFA_RESET_MESSAGES.notice,
          link: SECURITY_SETTINGS_LINK,
        },
        now,
      ),
    });
    if (result.canceled) throw new Error(`Not stored: ${JSON.stringify(result.codes)}`);
  } catch (error) {
    logger.error('Authenticator app turned off, but its audit entry and notice were not stored', {
      ...record,
      error: error instanceof Error ? error.message : String(error),
    });
    throw new DependencyFailedError(MFA_RESET_MESSAGES.notRecorded);
  }
  logger.info('Authenticator app reset by an admin', record);
  await sendQueuedEmails();
  return { user_id: id, message: MFA_RESET_MESSAGES.done };
};
