/**
 * RateLimit (docs/data-model.md, section 3.19): one counter per limited key and fixed window, taken with a
 * conditional ADD (`hits < limit`), so concurrent requests can never pass the limit together.
 * Expires with TTL (`expires_at`) an hour after its window ends.
 *
 * - byKey (table): pk `key`, sk `window` → the counter of one key in one window
 *
 * Keys never hold a raw client address: a client's key is an HMAC of it (profiles/beta-accounts.ts).
 */
import { defineEntity } from '../entity';

export interface RateLimitItem {
  /** What is limited and for whom, e.g. `beta-client-<hmac>` or `beta-global`. */
  key: string;
  /** The window's start, `YYYY-MM-DDTHH` (UTC) for hourly windows. */
  window: string;
  hits: number;
  /** Epoch seconds (TTL). */
  expires_at: number;
}

export const RateLimitEntity = defineEntity<RateLimitItem>()({
  entity: 'rateLimit',
  version: '1',
  indexes: {
    byKey: { pk: ['key'], sk: ['window'] },
  },
});
