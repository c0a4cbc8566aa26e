/**
 * The profile step of an account's closure (docs/account.md), apart from service.ts so the
 * functions that never close an account do not carry it (nor the audit module).
 */
import { createHash } from 'node:crypto';
import { auditWrite } from '../shared/audit';
import { config } from '../shared/config';
import { AVATAR_PATH_PATTERN } from '../../contract/uploads';
import { ConflictError } from '../shared/errors';
import { logger } from '../shared/observability';
import { RETRY, retry } from '../shared/retry';
import { deleteObjectsQuietly } from '../shared/storage/s3';
import { eraseProfile } from './closure-repo';
import { getProfileById, type ProfileItem } from './repo';

/** Attempts of the closure's profile transaction before a concurrent change is reported. */
const ERASE_ATTEMPTS = 3;

/**
 * The address a closed account's profile keeps instead of its e-mail: derived from the user id
 * (already a pseudonym), so a repeated closure writes the same one, and never deliverable
 * (`.invalid`, RFC 2606).
 */
export const closedAccountEmail = (userId: string): string =>
  `closed-${createHash('sha256').update(userId).digest('hex').slice(0, 16)}@closed.invalid`;

/**
 * A closed account's profile picture leaves the preview bucket (it is theirs, and personal). Only
 * a picture under the user's own avatar folder is removed; a failure is logged and the closure
 * goes on (the profile no longer points to it either way).
 */
export const deleteAvatarOf = async (
  profile: { id: string; profile_picture_url?: string | null } | null,
): Promise<void> => {
  const url = profile?.profile_picture_url;
  if (!profile || !url || !AVATAR_PATH_PATTERN.test(url) || !url.includes(`/${profile.id}/`)) {
    return;
  }
  const failure = await deleteObjectsQuietly(config().PREVIEW_IMAGES_BUCKET, [url.slice(1)]);
  if (failure) logger.warn('Closed account avatar left behind', failure);
};

/**
 * The profile step of an account's closure (P24): its personal data erased, `closed_at` set (a
 * still-valid ID token then gets 401), the username released, and the audit entry, in one
 * transaction; a concurrent change re-reads (three attempts). Returns what the profile held
 * before (the e-mail, for the Cognito user), or null when there is no profile. Running it again
 * on a closed profile changes nothing that matters, so a failed closure can simply be repeated.
 */
export const eraseAccountProfile = async (
  userId: string,
  now: string,
  audit: { action: string; after: Record<string, unknown> },
): Promise<ProfileItem | null> => {
  const pseudonym = closedAccountEmail(userId);
  return retry(
    async () => {
      const current = await getProfileById(userId);
      if (!current) return null;
      const written = await eraseProfile({
        current,
        pseudonym,
        now,
        extra: {
          audit: auditWrite({
            // The actor is the account itself, under its pseudonym: the log keeps no address.
            actor: { userId, email: pseudonym },
            action: audit.action,
            target: { type: 'user', id: userId },
            before: { role: current.role, seller: current.is_seller_approved },
            after: audit.after,
            now,
          }),
        },
      });
      return written ? current : RETRY;
    },
    {
      attempts: ERASE_ATTEMPTS,
      baseDelayMs: 0,
      exhausted: () => new ConflictError('Your account changed meanwhile. Please try again.'),
    },
  );
};
