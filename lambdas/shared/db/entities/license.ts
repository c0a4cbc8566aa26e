/**
 * License: the certificate a download or an order issues: who may use which
 * version of which template under which terms, and the plan or order behind it. Written in the
 * same transaction as the download or the order, never alone.
 *
 * - byId (table):   pk `id`                      → the public verification page
 * - byUser (gsi1):  pk `user_id`, sk `issued_at` → the buyer's licences, newest first
 */
import type { LICENSING_TERMS } from '../../../../contract/catalog';
import type { PLAN_TYPES } from '../../../../contract/plans';
import { defineEntity } from '../entity';

export interface LicenseItem {
  /** ULID; knowing it is what lets anyone verify the licence. */
  id: string;
  user_id: string;
  /** The licensee as shown on the certificate: display name or username, never the e-mail. */
  licensee_name: string;
  mvp_id: string;
  mvp_title: string;
  seller_id: string;
  version_number: string;
  licensing_terms: (typeof LICENSING_TERMS)[number];
  /** What granted it: a subscription download, a free download, or a one-time order. */
  source: 'subscription' | 'free' | 'order';
  plan_type?: (typeof PLAN_TYPES)[number];
  order_id?: string;
  download_id?: string;
  issued_at: string;
  /**
   * Set when the order behind the licence was refunded in full: the licence is kept as issued
   * (its id still verifies, and says it is no longer valid) rather than deleted.
   */
  refunded_at?: string;
  /**
   * Set while the payment behind the licence is disputed with the buyer's card issuer (a
   * chargeback), and kept when the dispute is lost; removed when it is won. Like a refund, the
   * licence is then no longer valid but kept as issued.
   */
  disputed_at?: string;
}

export const LicenseEntity = defineEntity<LicenseItem>()({
  entity: 'license',
  version: '1',
  indexes: {
    byId: { pk: ['id'], sk: [] },
    byUser: { index: 'gsi1', pk: ['user_id'], sk: ['issued_at'] },
  },
});
