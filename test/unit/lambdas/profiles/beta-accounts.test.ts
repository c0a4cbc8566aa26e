/**
 * The pure parts of beta access: passwords that meet the pool's policy, unique undeliverable
 * addresses, rate-limit keys that never contain (or reveal) the client's address, hourly windows,
 * and the product's beta profile.
 */
import { describe, expect, it } from 'vitest';
import { authDesign } from '../../../../contract/design/auth-design';
import {
  BETA_PASSWORD_LENGTH,
  BETA_PROFILE_TTL_GRACE_SECONDS,
  betaAccountItem,
  betaProfileItem,
  clientNetworkOf,
  clientRateLimitKey,
  generateBetaEmail,
  generateBetaPassword,
  hourlyWindow,
} from '../../../../lambdas/profiles/beta-accounts';
import { defaultEntitlementOf } from '../../../../lambdas/shared/db/entities/entitlement';

/** Characters Cognito accepts in a password: letters, digits and its listed symbols. */
const COGNITO_PASSWORD_CHARS = /^[A-Za-z0-9^$*.[\]{}()?"!@#%&/\\,><':;|_~`=+-]+$/;

describe('generateBetaPassword', () => {
  it('meets the pool policy and every character class, from characters Cognito accepts', () => {
    for (let i = 0; i < 500; i += 1) {
      const password = generateBetaPassword();
      expect(password.length).toBe(BETA_PASSWORD_LENGTH);
      expect(password.length).toBeGreaterThanOrEqual(authDesign.passwordMinLength);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/[0-9]/);
      expect(password).toMatch(/[^A-Za-z0-9]/);
      expect(password).toMatch(COGNITO_PASSWORD_CHARS);
    }
  });

  it('never repeats and does not always start with the same class', () => {
    const passwords = Array.from({ length: 1000 }, generateBetaPassword);
    expect(new Set(passwords).size).toBe(passwords.length);
    expect(new Set(passwords.map((password) => password[0])).size).toBeGreaterThan(20);
  });
});

describe('generateBetaEmail', () => {
  it('is a unique address under the reserved .invalid domain', () => {
    const emails = Array.from({ length: 200 }, generateBetaEmail);
    for (const email of emails) expect(email).toMatch(/^beta-[0-9a-f]{16}@beta\.invalid$/);
    expect(new Set(emails).size).toBe(emails.length);
  });
});

describe('clientRateLimitKey', () => {
  const key = 'a-secret-hmac-key';

  it('holds an HMAC of the address, never the address itself', () => {
    const limitKey = clientRateLimitKey('203.0.113.42', key);
    expect(limitKey).toMatch(/^beta-client-[0-9a-f]{32}$/);
    expect(limitKey).not.toContain('203');
    expect(limitKey).not.toContain('113.42');
    // Without the secret key the address cannot be found by hashing all candidates.
    expect(clientRateLimitKey('203.0.113.42', 'another-key')).not.toBe(limitKey);
  });

  it('is the same for one client and differs between clients', () => {
    expect(clientRateLimitKey('203.0.113.42', key)).toBe(clientRateLimitKey('203.0.113.42', key));
    expect(clientRateLimitKey('203.0.113.43', key)).not.toBe(
      clientRateLimitKey('203.0.113.42', key),
    );
  });

  it('treats an IPv4-mapped address as its IPv4 address and an IPv6 one by its /64', () => {
    expect(clientRateLimitKey('::ffff:203.0.113.42', key)).toBe(
      clientRateLimitKey('203.0.113.42', key),
    );
    expect(clientRateLimitKey('2001:db8:85a3:7::1', key)).toBe(
      clientRateLimitKey('2001:0db8:85a3:0007:ffff:ffff:ffff:fffe', key),
    );
    expect(clientRateLimitKey('2001:db8:85a3:8::1', key)).not.toBe(
      clientRateLimitKey('2001:db8:85a3:7::1', key),
    );
  });
});

describe('clientNetworkOf', () => {
  it.each([
    ['198.51.100.7', '198.51.100.7'],
    ['::ffff:198.51.100.7', '198.51.100.7'],
    ['2001:DB8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['64:ff9b::192.0.2.33', '64:ff9b:0:0::/64'],
  ])('%s → %s', (address, network) => {
    expect(clientNetworkOf(address)).toBe(network);
  });
});

describe('hourlyWindow', () => {
  it('is the UTC hour, expiring an hour after it ends', () => {
    const { window, expiresAt } = hourlyWindow(new Date('2026-05-14T09:59:59.999Z'));
    expect(window).toBe('2026-05-14T09');
    expect(expiresAt).toBe(Date.parse('2026-05-14T11:00:00.000Z') / 1000);
    expect(hourlyWindow(new Date('2026-05-14T10:00:00.000Z')).window).toBe('2026-05-14T10');
  });
});

describe('betaProfileItem', () => {
  it("is the product's beta profile, expiring after 24 hours, deleted by TTL a day after that", () => {
    const now = new Date('2026-05-14T09:30:00.123Z');
    const item = betaProfileItem({ id: 'sub-1', email: 'beta-1@beta.invalid', now });
    expect(item).toMatchObject({
      id: 'sub-1',
      email: 'beta-1@beta.invalid',
      display_name: 'Beta Tester',
      role: 'both',
      is_seller_approved: true,
      beta_expires_at: '2026-05-15T09:30:00.123Z',
      created_at: '2026-05-14T09:30:00.123Z',
    });
    // Its 999 downloads, 50 a day, are its default entitlement, counted from its creation and
    // expiring with it: the profile carries no quota.
    expect(item).not.toHaveProperty('downloads_remaining');
    expect(defaultEntitlementOf(item)).toEqual({
      downloads_remaining: 999,
      download_quota: 999,
      daily_download_limit: 50,
      downloads_today: 0,
      last_quota_reset_at: '2026-05-14T09:30:00.123Z',
      expires_at: item.expires_at,
    });
    expect(Number.isInteger(item.expires_at)).toBe(true);
    expect(item.expires_at! - Date.parse(item.beta_expires_at!) / 1000).toBeGreaterThan(
      BETA_PROFILE_TTL_GRACE_SECONDS - 1,
    );
    expect(item.username).toBeUndefined();
    expect(betaAccountItem(item)).toEqual({
      user_id: 'sub-1',
      email: 'beta-1@beta.invalid',
      beta_expires_at: '2026-05-15T09:30:00.123Z',
      created_at: '2026-05-14T09:30:00.123Z',
    });
  });
});
