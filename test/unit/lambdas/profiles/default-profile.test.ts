import '../../../fixtures/lambda-env';
import { describe, expect, it } from 'vitest';
import { defaultProfileItem, toProfile } from '../../../../lambdas/profiles/service';
import { defaultEntitlementOf } from '../../../../lambdas/shared/db/entities/entitlement';
import type { LegacyProfileItem } from '../../../../lambdas/shared/db/entities/profile';

const now = '2025-06-01T12:00:00.000Z';

describe('defaultProfileItem', () => {
  it('is a buyer with no seller approval, and no quota on the profile', () => {
    const item = defaultProfileItem(
      { userId: 'u1', email: 'u1@example.com', signUpRole: null },
      now,
    );
    expect(item).toEqual({
      id: 'u1',
      email: 'u1@example.com',
      role: 'buyer',
      is_seller_approved: false,
      created_at: now,
      updated_at: now,
    });
    // No downloads: the default entitlement of a user without the item (the free plan).
    expect(defaultEntitlementOf(item)).toEqual({
      downloads_remaining: 0,
      download_quota: 0,
      downloads_today: 0,
    });
  });

  it('reads a profile still in its old shape as the quota it carries, until the backfill', () => {
    const item = defaultProfileItem({ userId: 'u1', email: 'e', signUpRole: null }, now);
    expect(
      defaultEntitlementOf(item, {
        downloads_remaining: 4,
        download_quota: 15,
        last_quota_reset_at: '2025-05-01T00:00:00.000Z',
      }),
    ).toEqual({
      downloads_remaining: 4,
      download_quota: 15,
      downloads_today: 0,
      last_quota_reset_at: '2025-05-01T00:00:00.000Z',
    });
    // No quota fields at all: the plan's defaults.
    expect(defaultEntitlementOf(item, {})).toEqual(defaultEntitlementOf(item));
  });

  it('takes the seller role picked at sign-up, still unapproved', () => {
    const item = defaultProfileItem({ userId: 'u2', email: 'e', signUpRole: 'seller' }, now);
    expect(item.role).toBe('seller');
    expect(item.is_seller_approved).toBe(false);
  });
});

describe('toProfile', () => {
  it('turns absent optional fields into null and social links into an object', () => {
    const profile = toProfile(
      defaultProfileItem({ userId: 'u1', email: 'u1@example.com', signUpRole: null }, now),
    );
    expect(profile).toMatchObject({
      username: null,
      display_name: null,
      bio: null,
      profile_picture_url: null,
      website_url: null,
      social_links: {},
      github_username: null,
      netlify_site_name: null,
      github_app_installed: false,
      beta_expires_at: null,
    });
    expect(Object.keys(profile).sort()).toEqual(
      [
        'id',
        'email',
        'username',
        'display_name',
        'bio',
        'profile_picture_url',
        'website_url',
        'social_links',
        'github_username',
        'netlify_site_name',
        'github_app_installed',
        'role',
        'is_seller_approved',
        'beta_expires_at',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('never exposes payment-provider ids, not even those a profile written before their items still carries', () => {
    const legacy: LegacyProfileItem = {
      ...defaultProfileItem({ userId: 'u1', email: 'e', signUpRole: null }, now),
      stripe_customer_id: 'cus_123',
      stripe_account_id: 'acct_123',
      github_app_installation_id: '42',
    };
    const profile = toProfile(legacy);
    expect(JSON.stringify(profile)).not.toMatch(/cus_123|acct_123/);
  });
});
