/**
 * Whether the signed-in user has an authenticator app (TOTP) turned on, and whether this site
 * requires one of admins: the cloud does (its API refuses admin routes otherwise), the local
 * stack does not (docs/operations.md, "Admin MFA").
 */
import { loadAuth } from './amplify';
import { getRuntimeConfig } from './runtime-config';

export async function isTotpEnabled(): Promise<boolean> {
  const { auth } = await loadAuth();
  const preference = await auth.fetchMFAPreference();
  return preference.enabled?.includes('TOTP') ?? false;
}

export const adminMfaRequired = (): boolean => getRuntimeConfig().mode === 'cloud';
