/**
 * The caller's profile for the shared HTTP chain's access checks, as the profiles domain's public
 * entry point. The service is imported on first use, so a Lambda whose routes never need a
 * profile (or whose container has not needed one yet) does not load it at cold start.
 */
import type { AuthContext } from '../shared/auth/claims';
import type { UserProfile } from '../../contract/profile';

export const loadCallerProfile = async (auth: AuthContext): Promise<UserProfile> =>
  (await import('./service')).ensureProfile(auth);
