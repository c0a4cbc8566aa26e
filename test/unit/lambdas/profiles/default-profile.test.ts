import '../../../fixtures/lambda-env';
import { describe, expect, it } from 'vitest';
import { defaultProfileItem, toProfile } from '../../../../lambdas/profiles/service';

const now = '2025-06-01T12:00:00.000Z';

describe('defaultProfileItem', () => {
  it('is a buyer with no downloads and no seller approval', () => {
    expect(
      defaultProfileItem({ userId: 'u1', email: 'u1@example.com', signUpRole: null }, now),
    ).toEqual({
      id: 'u1',
      email: 'u1@example.com',
      role: 'buyer',
      downloads_remaining: 0,
      download_quota: 0,
      downloads_today: 0,
      is_seller_approved: false,
      created_at: now,
      updated_at: now,
    });
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
      daily_download_limit: null,
      last_download_date: null,
      last_quota_reset_at: null,
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
        'downloads_remaining',
        'download_quota',
        'daily_download_limit',
        'last_download_date',
        'last_quota_reset_at',
        'is_seller_approved',
        'beta_expires_at',
        'created_at',
        'updated_at',
      ].sort(),
    );
  });

  it('never exposes payment-provider ids', () => {
    const profile = toProfile({
      ...defaultProfileItem({ userId: 'u1', email: 'e', signUpRole: null }, now),
      stripe_customer_id: 'cus_123',
      stripe_account_id: 'acct_123',
      github_app_installation_id: '42',
    });
    expect(JSON.stringify(profile)).not.toMatch(/cus_123|acct_123/);
  });
});
