/**
 * The session a page first renders with (frontend/src/lib/session.ts): signed out at once when
 * the browser holds no Cognito session, so a visitor's page is not drawn twice; "loading" while a
 * stored session is read.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialSession } from '../../../../frontend/src/lib/session';

/** A localStorage with these keys, as the browser's. */
const storageWith = (keys: string[]) =>
  Object.fromEntries(keys.map((key) => [key, 'value'])) as unknown as Storage;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the first session of a page', () => {
  it('is signed out when the browser holds no Cognito session', () => {
    vi.stubGlobal('localStorage', storageWith(['theme']));
    expect(initialSession()).toEqual({ status: 'signedOut' });
  });

  it('is signed out when storage cannot be read', () => {
    vi.stubGlobal('localStorage', undefined);
    expect(initialSession()).toEqual({ status: 'signedOut' });
  });

  it('is loading while a stored session is read', () => {
    vi.stubGlobal(
      'localStorage',
      storageWith(['CognitoIdentityServiceProvider.client.LastAuthUser', 'theme']),
    );
    expect(initialSession()).toEqual({ status: 'loading' });
  });
});
