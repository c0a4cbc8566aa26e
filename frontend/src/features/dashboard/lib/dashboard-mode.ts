/** Which dashboard a signed-in user sees (buyer spec §2: by role, a switch for `both`). */
import { isSellerRole, type Profile } from '@contracts/profile';

export type DashboardMode = 'buyer' | 'seller';

/** Sellers see the seller view; `both` may switch (default seller); everyone else the buyer view. */
export function dashboardModeFor(
  profile: Pick<Profile, 'role'>,
  requested: string | null,
): DashboardMode {
  if (profile.role === 'both') return requested === 'buyer' ? 'buyer' : 'seller';
  return isSellerRole(profile.role) ? 'seller' : 'buyer';
}
