/** Version order for upgrades (lambdas/deployments/versions.ts). */
import { describe, expect, it } from 'vitest';
import { compareVersions } from '../../../../lambdas/deployments/versions';

describe('compareVersions', () => {
  it('orders major, minor and patch numerically', () => {
    expect(compareVersions('1.10.0', '1.9.9')).toBeGreaterThan(0);
    expect(compareVersions('2.0.0', '10.0.0')).toBeLessThan(0);
    expect(compareVersions('1.0.1', '1.0.1')).toBe(0);
  });

  it('treats a missing part as 0 and ignores a leading v', () => {
    expect(compareVersions('v1.2', '1.2.0')).toBe(0);
    expect(compareVersions('1', '1.0.1')).toBeLessThan(0);
  });
});
