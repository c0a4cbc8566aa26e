import { describe, expect, it } from 'vitest';
import {
  authContextFromClaims,
  parseGroups,
  parseSignUpRole,
  readAuthContext,
} from '../../../../../lambdas/shared/auth/claims';
import { apiEvent, idTokenClaims } from '../../../../fixtures/api-event';

describe('parseGroups', () => {
  it.each([
    ['[buyer seller]', ['buyer', 'seller']],
    ['[admin]', ['admin']],
    ['[]', []],
    ['', []],
    ['["buyer","both"]', ['buyer', 'both']],
    ['buyer, seller', ['buyer', 'seller']],
  ])('reads %j', (value, expected) => {
    expect(parseGroups(value)).toEqual(expected);
  });

  it('reads an array as it is', () => {
    expect(parseGroups(['seller', 'admin'])).toEqual(['seller', 'admin']);
  });

  it('reads anything else as no groups', () => {
    expect(parseGroups(undefined)).toEqual([]);
    expect(parseGroups(42)).toEqual([]);
  });
});

describe('parseSignUpRole', () => {
  it('accepts the roles a visitor may pick', () => {
    expect(parseSignUpRole('buyer')).toBe('buyer');
    expect(parseSignUpRole('seller')).toBe('seller');
  });

  it.each(['admin', 'both', 'Seller', '', undefined])('never takes %j from a claim', (value) => {
    expect(parseSignUpRole(value)).toBeNull();
  });
});

describe('authContextFromClaims', () => {
  it('maps the claims to the identity', () => {
    const claims = idTokenClaims({
      sub: 'user-1',
      email: 'a@example.com',
      groups: ['buyer', 'seller'],
      role: 'seller',
    });
    expect(authContextFromClaims(claims)).toEqual({
      userId: 'user-1',
      email: 'a@example.com',
      groups: ['buyer', 'seller'],
      signUpRole: 'seller',
    });
  });

  it('is null without claims or without a subject', () => {
    expect(authContextFromClaims(undefined)).toBeNull();
    expect(authContextFromClaims({ email: 'a@example.com' })).toBeNull();
    expect(authContextFromClaims({ sub: '' })).toBeNull();
  });
});

describe('readAuthContext', () => {
  it('reads the JWT authorizer claims of an event', () => {
    const event = apiEvent({
      path: '/api/me',
      claims: idTokenClaims({ sub: 'user-2', email: 'b@example.com' }),
    });
    expect(readAuthContext(event)?.userId).toBe('user-2');
  });

  it('is null for an anonymous event, whatever its headers say', () => {
    const event = apiEvent({ path: '/api/me', headers: { authorization: 'Bearer forged' } });
    expect(readAuthContext(event)).toBeNull();
  });
});
