import { describe, expect, it } from 'vitest';
import {
  ADMIN_REQUIRED_MESSAGE,
  SELLER_REQUIRED_MESSAGE,
  accessNeedsProfile,
  assertAccess,
  isApprovedSeller,
} from '../../../../lambdas/shared/auth/access';
import type { AuthContext } from '../../../../lambdas/shared/auth/claims';
import type { Role } from '../../../../lambdas/shared/contracts/profile';
import { ForbiddenError, UnauthorizedError } from '../../../../lambdas/shared/errors';

const auth: AuthContext = { userId: 'u', email: 'u@example.com', groups: [], signUpRole: null };
const profile = (role: Role, approved = false, betaExpiresAt: string | null = null) => ({
  role,
  is_seller_approved: approved,
  beta_expires_at: betaExpiresAt,
});

describe('assertAccess', () => {
  it('lets anyone call a public route', () => {
    expect(() => assertAccess('public', null, null)).not.toThrow();
  });

  it('needs an identity for user routes', () => {
    expect(() => assertAccess('user', null, null)).toThrow(UnauthorizedError);
    expect(() => assertAccess('user', auth, null)).not.toThrow();
  });

  it.each([
    ['seller', true, true],
    ['both', true, true],
    ['seller', false, false],
    ['buyer', true, false],
    ['admin', true, false],
  ] as const)('seller route: role %s approved %s → allowed %s', (role, approved, allowed) => {
    const check = () => assertAccess('seller', auth, profile(role, approved));
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow(new ForbiddenError(SELLER_REQUIRED_MESSAGE));
  });

  it.each([
    ['admin', true],
    ['both', true],
    ['seller', false],
    ['buyer', false],
  ] as const)('admin route: role %s → allowed %s', (role, allowed) => {
    const check = () => assertAccess('admin', auth, profile(role, true));
    if (allowed) expect(check).not.toThrow();
    else expect(check).toThrow(new ForbiddenError(ADMIN_REQUIRED_MESSAGE));
  });

  it('gives a beta account (role both) seller rights but never admin rights', () => {
    const beta = profile('both', true, '2026-05-15T09:00:00.000Z');
    expect(() => assertAccess('seller', auth, beta)).not.toThrow();
    expect(() => assertAccess('admin', auth, beta)).toThrow(
      new ForbiddenError(ADMIN_REQUIRED_MESSAGE),
    );
  });

  it('refuses seller and admin routes without a profile, and anonymous callers first', () => {
    expect(() => assertAccess('seller', auth, null)).toThrow(ForbiddenError);
    expect(() => assertAccess('admin', auth, null)).toThrow(ForbiddenError);
    expect(() => assertAccess('admin', null, profile('admin'))).toThrow(UnauthorizedError);
  });
});

describe('access helpers', () => {
  it('loads the profile only where the rule needs it', () => {
    expect(accessNeedsProfile('public')).toBe(false);
    expect(accessNeedsProfile('user')).toBe(false);
    expect(accessNeedsProfile('seller')).toBe(true);
    expect(accessNeedsProfile('admin')).toBe(true);
  });

  it('an approved seller has a seller role and the approval', () => {
    expect(isApprovedSeller(profile('both', true))).toBe(true);
    expect(isApprovedSeller(profile('buyer', true))).toBe(false);
    expect(isApprovedSeller(profile('seller', false))).toBe(false);
  });
});
