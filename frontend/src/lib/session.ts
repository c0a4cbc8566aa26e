/** Who is signed in, as the session provider (auth-session.tsx) holds it. */
import { hasStoredSession } from './amplify';

export interface SessionUser {
  userId: string;
  email: string;
}

export type Session =
  { status: 'loading' } | { status: 'signedOut' } | { status: 'signedIn'; user: SessionUser };

/**
 * The session of a page's first render. A browser with no stored Cognito session is signed out
 * from the start: knowing it takes no network and no Amplify. Deciding it in an effect instead
 * re-rendered every reader of the session (header, page) in one task right after the first paint,
 * the longest task of a visitor's page load on a phone (docs/architecture.md, Mobile
 * performance). A stored session is "loading" until Amplify has read it.
 */
export const initialSession = (): Session =>
  hasStoredSession() ? { status: 'loading' } : { status: 'signedOut' };
