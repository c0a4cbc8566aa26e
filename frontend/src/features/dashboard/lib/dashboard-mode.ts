/** Which dashboard a signed-in user sees: by role, with a switch for sellers. */
import { isSellerRole, type Profile } from '@contract/profile';

export type DashboardMode = 'buyer' | 'seller';

/**
 * Roles seller and both see the seller view and may switch to the buyer view (a buyer who became
 * a seller keeps their subscription, downloads and licences in sight); everyone else the buyer view.
 */
export function dashboardModeFor(
  profile: Pick<Profile, 'role'>,
  requested: string | null,
): DashboardMode {
  if (isSellerRole(profile.role)) return requested === 'buyer' ? 'buyer' : 'seller';
  return 'buyer';
}
