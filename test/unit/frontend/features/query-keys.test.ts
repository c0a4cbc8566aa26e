/**
 * The per-feature query-key factories: what a write invalidates through `all` is exactly what it
 * should refresh, and no feature's keys fall under another's, so one feature's invalidation
 * never touches another feature's cache by accident.
 */
import { hashKey, partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { billingKeys } from '../../../../frontend/src/features/billing/api/keys';
import { disputeKeys } from '../../../../frontend/src/features/disputes/api/keys';
import { downloadKeys } from '../../../../frontend/src/features/downloads/api/keys';
import { homeKeys } from '../../../../frontend/src/features/home/api/keys';
import { catalogKeys } from '../../../../frontend/src/features/catalog/api/keys';
import { licenseKeys } from '../../../../frontend/src/features/licenses/api/keys';
import { notificationKeys } from '../../../../frontend/src/features/notifications/api/keys';
import { payoutKeys } from '../../../../frontend/src/features/payouts/api/keys';
import { refundKeys } from '../../../../frontend/src/features/refunds/api/keys';
import { reviewKeys } from '../../../../frontend/src/features/reviews/api/keys';
import { securityKeys } from '../../../../frontend/src/features/security/api/keys';
import { sellerKeys } from '../../../../frontend/src/features/sellers/api/keys';
import { sellerApplicationKeys } from '../../../../frontend/src/features/seller-application/api/keys';
import { settingsKeys } from '../../../../frontend/src/features/settings/api/keys';
import { statusKeys } from '../../../../frontend/src/features/status/api/keys';
import { subscriptionKeys } from '../../../../frontend/src/features/subscriptions/api/keys';
import { templateKeys } from '../../../../frontend/src/features/templates/api/keys';
import { profileKeys } from '../../../../frontend/src/lib/my-profile';

/** Whether invalidating `filter` refreshes `key` (TanStack Query's own prefix match). */
const refreshes = (filter: QueryKey, key: QueryKey) => partialMatchKey(key, filter);

const ID = '01JNNEBK80MFMQCDSM4G1BRC7G';

/** One key of each kind per feature, under its feature's name. */
const FEATURE_KEYS: Record<string, QueryKey[]> = {
  catalog: [catalogKeys.list({ sort: 'published_at', page: '0' }), catalogKeys.detail(ID)],
  home: [homeKeys.stats, homeKeys.featured(null), homeKeys.featured('SaaS')],
  downloads: [downloadKeys.mine, downloadKeys.status(ID), downloadKeys.files(ID)],
  reviews: [reviewKeys.list(ID)],
  notifications: [notificationKeys.list(true), notificationKeys.unreadCount],
  disputes: [disputeKeys.list, disputeKeys.detail(ID)],
  refunds: [refundKeys.list],
  subscriptions: [subscriptionKeys.list, subscriptionKeys.current],
  sellers: [sellerKeys.profile('Launchpad')],
  settings: [settingsKeys.newsletter('site_updates')],
  templates: [templateKeys.mine, templateKeys.managed(ID), templateKeys.recentDownloads],
  profile: [profileKeys.me],
  billing: [billingKeys.plans, billingKeys.checkout('cs_test_1')],
  licenses: [licenseKeys.mine, licenseKeys.detail(ID)],
  payouts: [payoutKeys.list('all'), payoutKeys.list('failed'), payoutKeys.connect],
  status: [statusKeys.health],
  sellerApplication: [sellerApplicationKeys.mine],
  security: [securityKeys.live(ID), securityKeys.version(ID, ID)],
};

describe('query-key factories', () => {
  it("keep every feature's keys apart from every other feature's", () => {
    for (const [feature, keys] of Object.entries(FEATURE_KEYS)) {
      for (const [other, otherKeys] of Object.entries(FEATURE_KEYS)) {
        if (other === feature) continue;
        for (const key of keys) {
          for (const otherKey of otherKeys) {
            expect(refreshes(key, otherKey), `${feature} ${hashKey(key)} vs ${other}`).toBe(false);
          }
        }
      }
    }
  });

  it('refresh every download status and the list after a download, never the bundle contents', () => {
    expect(refreshes(downloadKeys.all, downloadKeys.mine)).toBe(true);
    expect(refreshes(downloadKeys.all, downloadKeys.status(ID))).toBe(true);
    expect(refreshes(downloadKeys.all, downloadKeys.status('another'))).toBe(true);
    expect(refreshes(downloadKeys.all, downloadKeys.files(ID))).toBe(false);
  });

  it('refresh the list and the bell after a notification is read', () => {
    expect(refreshes(notificationKeys.all, notificationKeys.list(false))).toBe(true);
    expect(refreshes(notificationKeys.all, notificationKeys.list(true))).toBe(true);
    expect(refreshes(notificationKeys.all, notificationKeys.unreadCount)).toBe(true);
    expect(hashKey(notificationKeys.list(true))).not.toBe(hashKey(notificationKeys.list(false)));
  });

  it("refresh My MVPs without touching one template's manage entry", () => {
    expect(refreshes(templateKeys.mine, templateKeys.managed(ID))).toBe(false);
    expect(refreshes(templateKeys.all, templateKeys.mine)).toBe(true);
    expect(refreshes(templateKeys.all, templateKeys.managed(ID))).toBe(true);
    expect(refreshes(templateKeys.managed(ID), templateKeys.managed('another'))).toBe(false);
  });

  it('refresh every payout list (not the Connect status) once Stripe confirmed the account', () => {
    for (const filter of ['all', 'pending', 'completed', 'failed'] as const) {
      expect(refreshes(payoutKeys.lists, payoutKeys.list(filter))).toBe(true);
    }
    expect(refreshes(payoutKeys.lists, payoutKeys.connect)).toBe(false);
    expect(refreshes(payoutKeys.list('all'), payoutKeys.list('failed'))).toBe(false);
  });

  it('key a browse page by its query, whatever the order of its parameters', () => {
    expect(hashKey(catalogKeys.list({ sort: 'published_at', page: '1' }))).toBe(
      hashKey(catalogKeys.list({ page: '1', sort: 'published_at' })),
    );
    expect(hashKey(catalogKeys.list({ sort: 'published_at', page: '1' }))).not.toBe(
      hashKey(catalogKeys.list({ sort: 'published_at', page: '2' })),
    );
    expect(refreshes(catalogKeys.detail(ID), catalogKeys.list({ page: '0' }))).toBe(false);
  });

  it('key a seller page once whatever the case of the URL', () => {
    expect(sellerKeys.profile('LaunchPad')).toEqual(sellerKeys.profile('launchpad'));
  });
});
