import { describe, expect, it } from 'vitest';
import {
  countdownTo,
  isOverlayOverridden,
  shouldShowLaunchOverlay,
} from '../../../../../../frontend/src/features/launch/lib/launch-state';

const LAUNCH = '2025-08-01T00:00:00Z';
const launchMs = Date.parse(LAUNCH);

describe('launch overlay', () => {
  it('shows before the launch moment and not from it on', () => {
    const page = { launchAt: LAUNCH, pathname: '/', search: '' };
    expect(shouldShowLaunchOverlay({ ...page, now: launchMs - 1 })).toBe(true);
    expect(shouldShowLaunchOverlay({ ...page, now: launchMs })).toBe(false);
    expect(shouldShowLaunchOverlay({ ...page, now: launchMs + 1 })).toBe(false);
  });

  it('is hidden by override_launch_blocker=true and on the three callback paths', () => {
    const before = { launchAt: LAUNCH, now: launchMs - 60_000 };
    expect(
      shouldShowLaunchOverlay({
        ...before,
        pathname: '/mvps',
        search: '?override_launch_blocker=true',
      }),
    ).toBe(false);
    expect(
      shouldShowLaunchOverlay({
        ...before,
        pathname: '/mvps',
        search: '?override_launch_blocker=false',
      }),
    ).toBe(true);
    for (const path of [
      '/github-app-callback',
      '/buyer-github-callback',
      '/buyer-netlify-callback/',
    ]) {
      expect(isOverlayOverridden(path, '')).toBe(true);
    }
    expect(isOverlayOverridden('/buyer-github-callback-not', '')).toBe(false);
  });

  it('never shows for an unparsable launch moment', () => {
    expect(shouldShowLaunchOverlay({ launchAt: 'soon', now: 0, pathname: '/', search: '' })).toBe(
      false,
    );
  });

  it('counts down in days, hours, minutes and seconds, then is live', () => {
    const left = ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999;
    expect(countdownTo(LAUNCH, launchMs - left)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
      live: false,
    });
    expect(countdownTo(LAUNCH, launchMs + 5000)).toEqual({
      days: 0,
      hours: 0,
      minutes: 0,
      seconds: 0,
      live: true,
    });
  });
});
