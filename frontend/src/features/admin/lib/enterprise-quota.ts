/** The downloads a month an admin types for an Enterprise plan. */
import { ENTERPRISE_MAX_DOWNLOADS } from '@contract/billing';

/** `null` for unlimited (empty), a whole number in range, or `undefined` when invalid. */
export const parseEnterpriseQuota = (text: string): number | null | undefined => {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  if (!/^\d+$/.test(trimmed)) return undefined;
  const value = Number(trimmed);
  return value >= 1 && value <= ENTERPRISE_MAX_DOWNLOADS ? value : undefined;
};
