/**
 * `PUT /api/admin/users/{id}/plan` through the billing Lambda against DynamoDB Local: an admin
 * puts a user on Enterprise with the agreed quota (the dashboard then shows Enterprise, active),
 * changes that quota later (moved by the difference), each time audited; a user paying by card is
 * refused; only admins may; the user cannot change it through Stripe; the month rolls over in the
 * daily quota repair with the agreed quota.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { repairQuotas } from '../../../../lambdas/billing/quota-reset';
import { ENTERPRISE_MESSAGES, type EnterprisePlanResult } from '../../../../contract/billing';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { SubscriptionView } from '../../../../contract/subscriptions';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import { jsonBody } from '../../../fixtures/api-event';
import { callBilling } from '../../../fixtures/billing';
import { putProfile, entitlementOf, setEntitlement } from '../../../fixtures/profiles';
import { subscriptionItem } from '../../../fixtures/subscriptions';

const assign = (admin: string, userId: string, downloads: number | null | string) =>
  callBilling('PUT', `/api/admin/users/${userId}/plan`, admin, {
    downloads_per_month: downloads,
  });

const auditOf = async (userId: string) =>
  (await AuditEntryEntity.query.byTime({}).go({ pages: 'all' })).data.filter(
    (entry) => entry.target_id === userId,
  );

describe('an Enterprise plan set up by an admin', () => {
  const admin = `admin-${randomUUID()}`;
  const userId = `buyer-${randomUUID()}`;

  it('puts the user on Enterprise with the agreed quota, audited', async () => {
    await putProfile({ id: admin, role: 'admin' });
    await putProfile({ id: userId, downloads_remaining: 0, download_quota: 0 });
    const result = await assign(admin, userId, 200);
    expect(result.statusCode, result.body).toBe(200);
    expect(jsonBody<EnterprisePlanResult>(result)).toMatchObject({
      plan_type: 'enterprise',
      download_quota: 200,
      downloads_remaining: 200,
    });
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 200,
      download_quota: 200,
    });
    const view = jsonBody<SubscriptionView>(
      await callBilling('GET', '/api/subscriptions/current', userId),
    );
    expect(view).toMatchObject({
      plan_type: 'enterprise',
      subscription_status: 'active',
      status: 'active',
    });
    const [entry] = await auditOf(userId);
    expect(entry).toMatchObject({
      actor_id: admin,
      action: 'user.enterprise_plan',
      target_type: 'user',
      after: { plan: 'enterprise', download_quota: 200 },
    });
  });

  it('changes the quota by the difference, and is managed by sales, not through Stripe', async () => {
    await setEntitlement(userId, { downloads_remaining: 150 });
    const result = await assign(admin, userId, null);
    expect(result.statusCode, result.body).toBe(200);
    const entitlement = await entitlementOf(userId);
    expect(entitlement.download_quota).toBe(1_000_000);
    expect(entitlement.downloads_remaining).toBe(150 + 1_000_000 - 200);
    const { data: subscriptions } = await SubscriptionEntity.query.byUser({ user_id: userId }).go();
    expect(subscriptions).toHaveLength(1);
    expect(await auditOf(userId)).toHaveLength(2);

    const cancel = await callBilling('PATCH', '/api/subscriptions/current', userId, {
      cancel_at_period_end: true,
    });
    expect(cancel.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(cancel).message).toBe(ENTERPRISE_MESSAGES.managedBySales);
  });

  it('starts a new month with the agreed quota in the daily repair', async () => {
    await assign(admin, userId, 80);
    await setEntitlement(userId, { downloads_remaining: 3 });
    const [subscription] = (await SubscriptionEntity.query.byUser({ user_id: userId }).go()).data;
    const later = new Date(Date.parse(subscription!.current_period_end) + 60_000);
    await repairQuotas(later);
    const renewed = (
      await SubscriptionEntity.get({ user_id: userId, id: subscription!.id }).go({
        consistent: true,
      })
    ).data!;
    expect(renewed.current_period_start).toBe(subscription!.current_period_end);
    expect(await entitlementOf(userId)).toMatchObject({
      downloads_remaining: 80,
      download_quota: 80,
    });
  });

  it('refuses a user who pays for a plan by card, a bad quota, and anyone but an admin', async () => {
    const payer = `buyer-${randomUUID()}`;
    await putProfile({ id: payer });
    await SubscriptionEntity.create(subscriptionItem(payer, { plan_type: 'pro' })).go();
    const paying = await assign(admin, payer, 100);
    expect(paying.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(paying).message).toBe(ENTERPRISE_MESSAGES.paysByCard);

    const bad = await assign(admin, userId, 0);
    expect(bad.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(bad).message).toBe(ENTERPRISE_MESSAGES.quotaInvalid);

    const missing = await assign(admin, `nobody-${randomUUID()}`, 10);
    expect(missing.statusCode).toBe(404);

    const notAdmin = await assign(payer, userId, 10);
    expect(notAdmin.statusCode).toBe(403);
  });
});
