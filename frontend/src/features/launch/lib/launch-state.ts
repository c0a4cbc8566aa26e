/**
 * When the launch overlay shows, as pure functions: the layout
 * calls them on every page, so they stay tiny and free of UI and zod.
 */

/** Pages an OAuth provider returns to: they must work even before the launch. */
export const OVERLAY_FREE_PATHS = [
  '/github-app-callback',
  '/buyer-github-callback',
  '/buyer-netlify-callback',
] as const;

/** `?override_launch_blocker=true` lets the team use the site before the launch. */
export const OVERRIDE_PARAM = 'override_launch_blocker';

export function isOverlayOverridden(pathname: string, search: string): boolean {
  if ((OVERLAY_FREE_PATHS as readonly string[]).includes(pathname.replace(/\/+$/, ''))) return true;
  return new URLSearchParams(search).get(OVERRIDE_PARAM) === 'true';
}

/**
 * Whether a page opened at `now` starts with the overlay: only before the launch moment. A page
 * that stays open across the moment keeps the overlay, which then says 'WE ARE LIVE!'.
 */
export function shouldShowLaunchOverlay(input: {
  launchAt: string;
  now: number;
  pathname: string;
  search: string;
}): boolean {
  const launch = Date.parse(input.launchAt);
  if (!Number.isFinite(launch) || input.now >= launch) return false;
  return !isOverlayOverridden(input.pathname, input.search);
}

export interface Countdown {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** True once the moment has passed: show 'WE ARE LIVE!'. */
  live: boolean;
}

/** Whole days, hours, minutes and seconds left until `launchAt`, never negative. */
export function countdownTo(launchAt: string, now: number): Countdown {
  const left = Math.max(0, Date.parse(launchAt) - now);
  const totalSeconds = Math.floor(left / 1000);
  return {
    days: Math.floor(totalSeconds / 86_400),
    hours: Math.floor((totalSeconds % 86_400) / 3_600),
    minutes: Math.floor((totalSeconds % 3_600) / 60),
    seconds: totalSeconds % 60,
    live: left === 0,
  };
}
