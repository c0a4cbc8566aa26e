/**
 * The stored OAuth states (OAuthState): the data access of oauth-state.ts, which signs and
 * checks them.
 */
import { OAuthStateEntity, type OAuthStateItem } from '../db/entities/oauth-state';
import { isConditionFailure, writtenUnlessRefused } from '../db/model';

/** Stores a new state. */
export const putOAuthState = async (item: OAuthStateItem): Promise<void> => {
  await OAuthStateEntity.create(item).go();
};

/** A stored state by id (strongly consistent: the callback follows the issue), or null. */
export const getOAuthState = async (id: string): Promise<OAuthStateItem | null> => {
  const { data } = await OAuthStateEntity.get({ id }).go({ consistent: true });
  return data;
};

/**
 * Deletes a state only while it is the user's, for the provider, with that expiry; false when it
 * is not (gone already: another callback took it).
 */
export const takeOAuthState = async (
  id: string,
  owner: Pick<OAuthStateItem, 'user_id' | 'provider' | 'expires_at'>,
): Promise<boolean> => {
  return writtenUnlessRefused(
    OAuthStateEntity.delete({ id }).where(
      (attr, op) =>
        `${op.eq(attr.user_id, owner.user_id)} AND ${op.eq(attr.provider, owner.provider)} AND ${op.eq(attr.expires_at, owner.expires_at)}`,
    ),
  );
};

/** Stores a taken state again, unless it is back already. */
export const restoreOAuthState = async (item: OAuthStateItem): Promise<void> => {
  await OAuthStateEntity.create(item)
    .go()
    .catch((error: unknown) => {
      if (!isConditionFailure(error)) throw error;
    });
};
