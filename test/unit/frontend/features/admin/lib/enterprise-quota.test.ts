import { describe, expect, it } from 'vitest';
import { parseEnterpriseQuota } from '../../../../../../frontend/src/features/admin/lib/enterprise-quota';

describe('the Enterprise quota an admin types', () => {
  it('is unlimited when empty, a whole number in range, or invalid', () => {
    expect(parseEnterpriseQuota('')).toBeNull();
    expect(parseEnterpriseQuota(' 250 ')).toBe(250);
    expect(parseEnterpriseQuota('100000')).toBe(100_000);
    for (const bad of ['0', '100001', '2.5', '-3', '1e3', 'lots']) {
      expect(parseEnterpriseQuota(bad), bad).toBeUndefined();
    }
  });
});
