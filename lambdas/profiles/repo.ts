/**
 * Profile data access: one function per access pattern (docs/data-model.md, "profiles").
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { EntityItem } from 'electrodb';
import { ProfileEntity } from '../shared/db/entities/profile';

export type ProfileItem = EntityItem<typeof ProfileEntity>;

/** A profile by the Cognito `sub`; strongly consistent, since it follows our own writes. */
export const getProfileById = async (id: string): Promise<ProfileItem | null> => {
  const { data } = await ProfileEntity.get({ id }).go({ consistent: true });
  return data;
};

/**
 * Creates the profile unless one exists (ElectroDB's `create` puts with
 * `attribute_not_exists(pk)`). Returns `false` when another request created it first.
 */
export const createProfileIfAbsent = async (profile: ProfileItem): Promise<boolean> => {
  try {
    await ProfileEntity.create(profile).go();
    return true;
  } catch (error) {
    // ElectroDB wraps the SDK error; the condition failing is the expected race, not a fault.
    if ((error as { cause?: unknown }).cause instanceof ConditionalCheckFailedException) {
      return false;
    }
    throw error;
  }
};

export type PublicProfileFields = Pick<ProfileItem, 'id' | 'username' | 'display_name'>;

const MAX_BATCH_ATTEMPTS = 4;

/** The public fields of many profiles (BatchGetItem, retried for unprocessed keys). */
export const batchGetPublicProfiles = async (ids: string[]): Promise<PublicProfileFields[]> => {
  const found: PublicProfileFields[] = [];
  let keys = ids.map((id) => ({ id }));
  for (let attempt = 0; keys.length > 0; attempt += 1) {
    if (attempt === MAX_BATCH_ATTEMPTS) {
      throw new Error(`Profiles batch get left ${keys.length} keys unprocessed`);
    }
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, 25 * 2 ** attempt));
    const { data, unprocessed } = await ProfileEntity.get(keys).go({
      attributes: ['id', 'username', 'display_name'],
    });
    found.push(...data);
    keys = unprocessed;
  }
  return found;
};
