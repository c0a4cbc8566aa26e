import { describe, expect, it } from 'vitest';
import {
  ADMIN_REQUIRED_MESSAGE,
  SELLER_REQUIRED_MESSAGE,
  accessNeedsProfile,
  assertAccess,
  isApprovedSeller,
  mayActAsOwner,
} from '../../../../../lambdas/shared/auth/access';
import type { AuthContext } from '../../../../../lambdas/shared/auth/claims';
import type { Role } from '../../../../../contract/profile';
import { ForbiddenError, UnauthorizedError } from '../../../../../lambdas/shared/errors';

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
  ] as const)(
    'approved-seller route: role %s approved %s → allowed %s',
    (role, approved, allowed) => {
      const check = () => assertAccess('approved-seller', auth, profile(role, approved));
      if (allowed) expect(check).not.toThrow();
      else expect(check).toThrow(new ForbiddenError(SELLER_REQUIRED_MESSAGE));
    },
  );

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
    expect(() => assertAccess('approved-seller', auth, beta)).not.toThrow();
    expect(() => assertAccess('approved-seller-or-admin', auth, beta)).not.toThrow();
    expect(() => assertAccess('admin', auth, beta)).toThrow(
      new ForbiddenError(ADMIN_REQUIRED_MESSAGE),
    );
  });

  it.each([
    ['seller', true, true],
    ['seller', false, false],
    ['admin', false, true],
    ['both', true, true],
    ['buyer', false, false],
  ] as const)(
    'approved-seller-or-admin route: role %s approved %s → allowed %s',
    (role, approved, allowed) => {
      const check = () => assertAccess('approved-seller-or-admin', auth, profile(role, approved));
      if (allowed) expect(check).not.toThrow();
      else expect(check).toThrow(new ForbiddenError(SELLER_REQUIRED_MESSAGE));
    },
  );

  it('lets any signed-in caller with a profile through owner-or-admin (the service decides)', () => {
    expect(() => assertAccess('owner-or-admin', auth, profile('buyer', false))).not.toThrow();
    expect(() => assertAccess('owner-or-admin', null, null)).toThrow(UnauthorizedError);
  });

  it('refuses seller and admin routes without a profile, and anonymous callers first', () => {
    expect(() => assertAccess('approved-seller', auth, null)).toThrow(ForbiddenError);
    expect(() => assertAccess('owner-or-admin', auth, null)).toThrow(ForbiddenError);
    expect(() => assertAccess('admin', auth, null)).toThrow(ForbiddenError);
    expect(() => assertAccess('admin', null, profile('admin'))).toThrow(UnauthorizedError);
  });
});

describe('access helpers', () => {
  it('loads the profile only where the rule needs it', () => {
    expect(accessNeedsProfile('public')).toBe(false);
    expect(accessNeedsProfile('user')).toBe(false);
    expect(accessNeedsProfile('approved-seller')).toBe(true);
    expect(accessNeedsProfile('approved-seller-or-admin')).toBe(true);
    expect(accessNeedsProfile('owner-or-admin')).toBe(true);
    expect(accessNeedsProfile('admin')).toBe(true);
  });

  it('an approved seller has a seller role and the approval', () => {
    expect(isApprovedSeller(profile('both', true))).toBe(true);
    expect(isApprovedSeller(profile('buyer', true))).toBe(false);
    expect(isApprovedSeller(profile('seller', false))).toBe(false);
  });
});

describe('mayActAsOwner', () => {
  const owner = { ...profile('seller', true), id: 'owner-1' };
  it('lets the owner and admin rights through, and nobody else', () => {
    expect(mayActAsOwner(owner, 'owner-1')).toBe(true);
    expect(mayActAsOwner({ ...profile('seller', true), id: 'other' }, 'owner-1')).toBe(false);
    expect(mayActAsOwner({ ...profile('admin'), id: 'admin-1' }, 'owner-1')).toBe(true);
    const beta = { ...profile('both', true, '2026-05-15T09:00:00.000Z'), id: 'beta-1' };
    expect(mayActAsOwner(beta, 'owner-1')).toBe(false);
    expect(mayActAsOwner(beta, 'beta-1')).toBe(true);
  });

  it('asks a template owner to still be an approved seller when told to', () => {
    const revoked = { ...profile('seller', false), id: 'owner-1' };
    expect(mayActAsOwner(revoked, 'owner-1')).toBe(true);
    expect(mayActAsOwner(revoked, 'owner-1', { ownerMustBeApprovedSeller: true })).toBe(false);
  });
});
