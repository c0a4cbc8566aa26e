/** Where the auth screen sends a person after signing in (or up). */
import { paths } from '@/config/paths';

export const DEFAULT_AFTER_SIGN_IN = '/mvps';

const AUTH_PATHS = ['/auth', '/signin', '/signup'];

/**
 * Back to the page they came from (passed as router state `{ from }` by the sign-in links),
 * unless that is missing, off-site or the auth screen itself.
 */
export function afterSignInPath(state: unknown): string {
  const from =
    typeof state === 'object' && state !== null && 'from' in state ? state.from : undefined;
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//')) {
    return DEFAULT_AFTER_SIGN_IN;
  }
  const pathname = from.split(/[?#]/)[0];
  return AUTH_PATHS.includes(pathname) ? DEFAULT_AFTER_SIGN_IN : from;
}

/**
 * Where a new account goes once signed in: a seller into their application (no seller exists
 * without one), a buyer back to the page that sent them here, or else to the first steps (choose
 * a plan, browse, apply to sell).
 */
export function afterSignUpPath(role: 'buyer' | 'seller', state: unknown): string {
  if (role === 'seller') return paths.sellerSignup.getHref();
  const destination = afterSignInPath(state);
  return destination === DEFAULT_AFTER_SIGN_IN ? paths.welcome.getHref() : destination;
}
