/**
 * The profile's write of an account's closure (docs/data-model.md P24), apart from repo.ts so the
 * functions that never close an account do not carry it.
 */
import { ProfileEntity, type ProfileItem } from '../shared/db/entities/profile';
import { UsernameClaimEntity } from '../shared/db/entities/username-claim';
import { transactWrite, type TransactionWrite } from '../shared/db/transaction';
import { RELEASED_USERNAME_HOLD_SECONDS } from './repo';
import {
  userSearchEmailRemoval,
  userSearchUsernameRemoval,
  userSearchWrites,
  usernameIsStill,
} from './search-repo';

/** The personal fields a closed account's profile loses. */
const ERASED_FIELDS = [
  'username',
  'display_name',
  'bio',
  'profile_picture_url',
  'website_url',
  'social_links',
  'github_username',
  'netlify_site_name',
  'github_app_installation_id',
] as const satisfies readonly (keyof ProfileItem)[];

/**
 * P24: the profile of an account its owner closed keeps its id (orders, licences, payouts and
 * disputes point to it) and loses its personal data, in one transaction with:
 * - the search index: the e-mail's and username's items go, the pseudonym's is written;
 * - the username's claim released (held 30 days, as after a rename);
 * - `extra`: the caller's own items (the audit entry).
 * The profile's condition is the e-mail, username and role read, so nothing stale is written; a
 * change meanwhile answers false (re-read and try again).
 */
export const eraseProfile = async (input: {
  current: ProfileItem;
  pseudonym: string;
  now: string;
  extra: Record<string, TransactionWrite>;
}): Promise<boolean> => {
  const { current, pseudonym, now } = input;
  const nowSeconds = Math.floor(Date.parse(now) / 1000);
  const erased: ProfileItem = {
    ...current,
    email: pseudonym,
    username: undefined,
    is_seller_approved: false,
  };
  delete erased.username;
  const result = await transactWrite({
    profile: ProfileEntity.patch({ id: current.id })
      .ifNotExists({ closed_at: now })
      .set({
        email: pseudonym,
        is_seller_approved: false,
        updated_at: now,
      })
      .remove(ERASED_FIELDS.filter((field) => current[field] !== undefined))
      .where(
        (attr, op) =>
          `${usernameIsStill(current.username, attr, op)} AND ${op.eq(attr.role, current.role)} AND ${op.eq(attr.email, current.email)}`,
      ),
    search: [
      ...userSearchWrites(erased),
      ...(current.email.toLowerCase() !== pseudonym.toLowerCase()
        ? [userSearchEmailRemoval(current.id, current.email)]
        : []),
      ...(current.username ? [userSearchUsernameRemoval(current.id, current.username)] : []),
    ],
    claim: current.username
      ? UsernameClaimEntity.update({ username: current.username })
          .set({
            user_id: current.id,
            released_at: now,
            expires_at: nowSeconds + RELEASED_USERNAME_HOLD_SECONDS,
          })
          .where(
            (attr, op) => `${op.notExists(attr.user_id)} OR ${op.eq(attr.user_id, current.id)}`,
          )
      : null,
    ...input.extra,
  });
  return !result.canceled;
};
