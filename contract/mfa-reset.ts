/**
 * A lost authenticator app (docs/account.md, "Lost authenticator app"): an admin turns a user's
 * app off after checking who is asking, with the reason for the audit log, and the user is told
 * (bell and e-mail, always sent: a security message). `POST /api/admin/users/{id}/mfa-reset`.
 */
import * as z from 'zod';
import { text } from './text';

export const MFA_RESET_REASON_MAX = 500;

export const MFA_RESET_MESSAGES = {
  reasonRequired:
    'Say why the app is reset and how you checked it is the account holder asking (it goes in the audit log).',
  reasonTooLong: `Please keep the reason under ${MFA_RESET_REASON_MAX} characters.`,
  userNotFound: 'User not found.',
  ownApp:
    'You cannot reset your own authenticator app here. Turn it off in Settings → Security, or ask another admin.',
  noPoolUser: 'This user has no sign-in account, so there is no authenticator app to reset.',
  noApp:
    'This user has no authenticator app turned on: their sign-ins already ask for the password only.',
  done: 'Authenticator app turned off. The user signs in with their password and can set up a new app in Settings → Security. They have been told by e-mail and notification.',
  /** Cognito turned the app off, but the audit entry and the notice could not be stored. */
  notRecorded:
    "The authenticator app was turned off, but its audit entry and the user's notice could not be saved. Tell the user yourself; the reason you gave is in the service's logs.",
  /** The bell's and the e-mail's words to the user. */
  notice:
    'An admin turned off the authenticator app on your account, as you asked. Sign-ins now ask for your password only: set up the app again in Settings → Security. If you did not ask for this, change your password and contact us at once.',
} as const;

/** The body: why, in words an auditor can follow (who asked, how they were checked). */
export const mfaResetSchema = z.object({
  reason: text({
    label: 'The reason',
    multiline: true,
    error: MFA_RESET_MESSAGES.reasonRequired,
  })
    .min(1, MFA_RESET_MESSAGES.reasonRequired)
    .max(MFA_RESET_REASON_MAX, MFA_RESET_MESSAGES.reasonTooLong),
});
export type MfaResetInput = z.infer<typeof mfaResetSchema>;

export interface MfaReset {
  user_id: string;
  message: string;
}
