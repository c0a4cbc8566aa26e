/**
 * The account's own data through the account Lambda, against DynamoDB Local and cognito-local:
 * the export holds the caller's own data only and no token; closure with a wrong password changes
 * nothing; with the right one the profile's personal data and the Cognito user go, orders,
 * licences and payouts stay (pseudonymised), the seller's templates are archived, reviews lose
 * the reviewer's name, and the audit log records it.
 */
import { AdminGetUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/account/index';
import { closedAccountEmail } from '../../../../lambdas/profiles/closure';
import { ACCOUNT_MESSAGES, type AccountExport } from '../../../../contract/account';
import type { ApiErrorBody } from '../../../../contract/errors';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { DeploymentEntity } from '../../../../lambdas/shared/db/entities/deployment';
import { DisputeEntity } from '../../../../lambdas/shared/db/entities/dispute';
import { LaunchStoryEntity } from '../../../../lambdas/shared/db/entities/launch-story';
import { LicenseEntity } from '../../../../lambdas/shared/db/entities/license';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { OAuthTokenEntity } from '../../../../lambdas/shared/db/entities/oauth-token';
import { OrderEntity } from '../../../../lambdas/shared/db/entities/order';
import { PayoutEntity } from '../../../../lambdas/shared/db/entities/payout';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { ReviewEntity } from '../../../../lambdas/shared/db/entities/review';
import { SellerApplicationEntity } from '../../../../lambdas/shared/db/entities/seller-application';
import { UserSearchEntity } from '../../../../lambdas/shared/db/entities/user-search';
import { config } from '../../../../lambdas/shared/config';
import { headObject, putObject } from '../../../../lambdas/shared/storage/s3';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { putPayout } from '../../../fixtures/payouts';
import { entitlementOf, putProfile } from '../../../fixtures/profiles';
import { createTestUser, localCloud, type TestUser } from '../../../fixtures/users';

const SEALED = 'v1.local.closing-wrapped.iv.closing-ciphertext.tag';

const call = (user: TestUser, method: 'GET' | 'POST', path: string, body?: unknown) =>
  handler(
    apiEvent({
      method,
      path,
      ...(body === undefined ? {} : { body }),
      claims: idTokenClaims({ sub: user.sub, email: user.email }),
    }),
    lambdaContext('account'),
  );

const poolUserExists = async (email: string): Promise<boolean> => {
  try {
    await createCognitoClient(localCloud().cognitoEndpoint).send(
      new AdminGetUserCommand({ UserPoolId: localCloud().userPoolId, Username: email }),
    );
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
};

/** A seller who also bought, reviewed, deployed and got a payout, and someone else's data. */
const world = async () => {
  const user = await createTestUser({ password: 'Closing-password-1' });
  const other = await createTestUser();
  const now = new Date().toISOString();
  const tag = ulid().toLowerCase();
  await putProfile({
    id: user.sub,
    email: user.email,
    role: 'both',
    is_seller_approved: true,
    username: `closing-${tag}`,
    display_name: 'Closing Person',
    bio: 'Builds shops.',
    website_url: 'https://closing.example.com',
    // A subscriber's quota: their entitlement, which the export shows and the closure ends.
    downloads_remaining: 12,
    download_quota: 15,
    daily_download_limit: 20,
    last_quota_reset_at: '2026-11-01T00:00:00.000Z',
  });
  await putProfile({ id: other.sub, email: other.email, display_name: 'Other Person' });
  const mine = templateItem({ seller_id: user.sub, title: 'My Template' });
  const theirs = templateItem({ seller_id: other.sub, title: 'Their Template' });
  await TemplateEntity.create(mine).go();
  await TemplateEntity.create(theirs).go();
  const order = await putOrder(templateOrder(user.sub, { ...theirs, seller_id: other.sub }, 1_500));
  const othersOrder = await putOrder(
    templateOrder(other.sub, { ...mine, seller_id: user.sub }, 2_500),
  );
  const licenseId = ulid();
  await LicenseEntity.create({
    id: licenseId,
    user_id: user.sub,
    licensee_name: 'Closing Person',
    mvp_id: theirs.id,
    mvp_title: theirs.title,
    seller_id: other.sub,
    version_number: '1.0.0',
    licensing_terms: 'standard_commercial',
    source: 'order',
    order_id: 'cs_closing',
    issued_at: now,
  }).go();
  await ReviewEntity.create({
    mvp_id: theirs.id,
    user_id: user.sub,
    id: ulid(),
    rating: 4,
    review_text: 'Solid.',
    is_verified_buyer: true,
    user_email: user.email,
    user_display_name: 'Closing Person',
    created_at: now,
    updated_at: now,
  }).go();
  await NotificationEntity.create({
    user_id: user.sub,
    id: ulid(),
    type: 'new_review',
    message: 'For the closing person',
    read: false,
    created_at: now,
  }).go();
  await OAuthTokenEntity.create({
    user_id: user.sub,
    provider: 'github',
    token_ciphertext: SEALED,
    account_login: 'closing-login',
    created_at: now,
    updated_at: now,
  }).go();
  const deploymentId = ulid();
  await DeploymentEntity.create({
    id: deploymentId,
    user_id: user.sub,
    mvp_id: theirs.id,
    repo_name: 'closing-shop',
    status: 'completed',
    netlify_site_url: 'https://closing-shop.netlify.app',
    story_shown_at: now,
    story_title: 'Closing Shop',
    mvp_title: theirs.title,
    mvp_slug: theirs.slug,
    created_at: now,
    updated_at: now,
  }).go();
  await LaunchStoryEntity.create({
    deployment_id: deploymentId,
    user_id: user.sub,
    title: 'Closing Shop',
    maker_name: 'Closing Person',
    site_url: 'https://closing-shop.netlify.app',
    mvp_id: theirs.id,
    mvp_title: theirs.title,
    mvp_slug: theirs.slug,
    shown_at: now,
  }).go();
  const disputeId = ulid();
  await DisputeEntity.create({
    id: disputeId,
    buyer_id: user.sub,
    seller_id: other.sub,
    mvp_id: theirs.id,
    reason: 'Missing features',
    details: 'The billing page is missing.',
    status: 'open',
    opened_at: now,
    timeline: [{ status: 'open', at: now, by: user.sub }],
    updated_at: now,
    buyer_email: user.email,
    buyer_display_name: 'Closing Person',
    seller_email: other.email,
    mvp_title: theirs.title,
    mvp_slug: theirs.slug,
  }).go();
  const payout = await putPayout({
    seller_id: user.sub,
    month_year: '2026-10',
    seller_email: user.email,
    seller_display_name: 'Closing Person',
    seller_username: `closing-${tag}`,
  });
  return {
    user,
    other,
    mine,
    theirs,
    order,
    othersOrder,
    licenseId,
    deploymentId,
    disputeId,
    payout,
    now,
  };
};

describe('the account’s data export', () => {
  it('holds the caller’s own data and nothing of anyone else, no token', async () => {
    const w = await world();
    const result = await call(w.user, 'GET', '/api/me/export');
    expect(result.statusCode, result.body).toBe(200);
    expect(result.headers?.['content-disposition']).toMatch(/attachment; filename=".+\.json"/);
    const data = jsonBody<AccountExport>(result);
    expect(data.profile).toMatchObject({ id: w.user.sub, display_name: 'Closing Person' });
    // The profile as its owner sees it: with the entitlement's figures under their wire names.
    expect(data.profile).toMatchObject({
      downloads_remaining: 12,
      download_quota: 15,
      daily_download_limit: 20,
      last_download_date: null,
      last_quota_reset_at: '2026-11-01T00:00:00.000Z',
    });
    expect(data.orders.map((order) => order.id)).toEqual([w.order.id]);
    expect(data.licences.map((license) => license.id)).toEqual([w.licenseId]);
    expect(data.reviews).toHaveLength(1);
    expect(data.notifications).toHaveLength(1);
    expect(data.deployments.map((deployment) => deployment.id)).toEqual([w.deploymentId]);
    expect(data.connections).toEqual([
      { provider: 'github', account_login: 'closing-login', updated_at: expect.any(String) },
    ]);
    expect(data.payouts.map((payout) => payout.id)).toEqual([w.payout.id]);
    expect(data.disputes.map((dispute) => dispute.id)).toEqual([w.disputeId]);
    const raw = String(result.body);
    expect(raw).not.toContain(SEALED);
    expect(raw).not.toMatch(/token_ciphertext|v1\.local\./);
    expect(raw).not.toContain(w.othersOrder.id);
    expect(raw).not.toContain(w.other.email);
  });
});

describe('closing an account', () => {
  it('refuses a wrong password and changes nothing', async () => {
    const w = await world();
    const result = await call(w.user, 'POST', '/api/me/close', { password: 'not-it-1A!' });
    expect(result.statusCode).toBe(400);
    expect(jsonBody<ApiErrorBody>(result).message).toBe(ACCOUNT_MESSAGES.wrongPassword);
    const profile = (await ProfileEntity.get({ id: w.user.sub }).go()).data!;
    expect(profile.email).toBe(w.user.email);
    expect(profile.closed_at).toBeUndefined();
    expect(await poolUserExists(w.user.email)).toBe(true);
    expect((await TemplateEntity.get({ id: w.mine.id }).go()).data!.status).toBe('approved');
  });

  it('with the password: personal data and the Cognito user go, what others need stays', async () => {
    const w = await world();
    // Their profile picture and their application to sell are theirs too.
    const avatarKey = `previews/avatars/${w.user.sub}/${ulid()}.png`;
    const previews = config().PREVIEW_IMAGES_BUCKET;
    await putObject({ bucket: previews, key: avatarKey, body: 'png', contentType: 'image/png' });
    await ProfileEntity.patch({ id: w.user.sub })
      .set({ profile_picture_url: `/${avatarKey}` })
      .go();
    await SellerApplicationEntity.put({
      user_id: w.user.sub,
      email: w.user.email,
      full_name: 'Closing Person',
      years_experience: '3-5',
      specializations: ['SaaS Development'],
      previous_work: 'Starters.',
      portfolio_description: 'Dashboards.',
      sample_projects: 'https://example.com/mine',
      agreed_to_terms: true,
      agreed_to_commission: true,
      status: 'pending',
      submitted_at: new Date().toISOString(),
    }).go();
    const exported = jsonBody<AccountExport>(await call(w.user, 'GET', '/api/me/export'));
    expect(exported.seller_application).toMatchObject({ full_name: 'Closing Person' });

    const result = await call(w.user, 'POST', '/api/me/close', { password: 'Closing-password-1' });
    expect(result.statusCode, result.body).toBe(200);
    expect(jsonBody<{ message: string }>(result).message).toBe(ACCOUNT_MESSAGES.closed);

    expect(await headObject(previews, avatarKey)).toBeNull();
    expect((await SellerApplicationEntity.get({ user_id: w.user.sub }).go()).data).toBeNull();

    // The profile: closed, pseudonymised, its personal fields gone.
    const profile = (await ProfileEntity.get({ id: w.user.sub }).go()).data!;
    const pseudonym = closedAccountEmail(w.user.sub);
    expect(profile.email).toBe(pseudonym);
    expect(profile.closed_at).toBeDefined();
    expect(profile.is_seller_approved).toBe(false);
    for (const field of ['username', 'display_name', 'bio', 'website_url'] as const) {
      expect(profile[field], field).toBeUndefined();
    }
    expect(await poolUserExists(w.user.email)).toBe(false);
    // No downloads are left, and no daily counter (the entitlement, which downloads keeps).
    const entitlement = await entitlementOf(w.user.sub);
    expect(entitlement).toMatchObject({ downloads_remaining: 0, download_quota: 0 });
    expect(entitlement.daily_download_limit).toBeUndefined();
    // The admin search no longer finds the address.
    const term = w.user.email.toLowerCase();
    const searchItem = await UserSearchEntity.get({
      search_shard: term.charAt(0),
      term,
      user_id: w.user.sub,
    }).go();
    expect(searchItem.data).toBeNull();

    // Kept: orders (both ways), the licence as issued, the payout owed without the address.
    expect((await OrderEntity.get({ id: w.order.id }).go()).data).not.toBeNull();
    expect((await OrderEntity.get({ id: w.othersOrder.id }).go()).data).not.toBeNull();
    expect((await LicenseEntity.get({ id: w.licenseId }).go()).data).toMatchObject({
      licensee_name: 'Closing Person',
    });
    const payout = (await PayoutEntity.get({ seller_id: w.user.sub, month_year: '2026-10' }).go())
      .data!;
    expect(payout).toMatchObject({ seller_email: pseudonym, commission_amount: 1_000 });
    expect(payout.seller_display_name).toBeUndefined();

    // The dispute stays for the other party and the admins, with the pseudonym.
    const dispute = (await DisputeEntity.get({ id: w.disputeId }).go()).data!;
    expect(dispute).toMatchObject({ buyer_email: pseudonym, seller_email: w.other.email });
    expect(dispute.buyer_display_name).toBeUndefined();

    // The seller's template left the catalog; the review stays, without the reviewer.
    expect((await TemplateEntity.get({ id: w.mine.id }).go()).data!.status).toBe('archived');
    expect((await TemplateEntity.get({ id: w.theirs.id }).go()).data!.status).toBe('approved');
    const review = (await ReviewEntity.get({ mvp_id: w.theirs.id, user_id: w.user.sub }).go())
      .data!;
    expect(review.rating).toBe(4);
    expect(review.user_email).toBeUndefined();
    expect(review.user_display_name).toBeUndefined();

    // Gone: notifications, tokens, the story.
    expect((await NotificationEntity.query.byUser({ user_id: w.user.sub }).go()).data).toHaveLength(
      0,
    );
    expect((await OAuthTokenEntity.query.byUser({ user_id: w.user.sub }).go()).data).toHaveLength(
      0,
    );
    expect(
      (await LaunchStoryEntity.query.byShown({}).go({ pages: 'all' })).data.map(
        (story) => story.deployment_id,
      ),
    ).not.toContain(w.deploymentId);

    // Audited, without the address.
    const audit = (
      await AuditEntryEntity.query.byTime({}).go({ order: 'desc', limit: 200 })
    ).data.find((entry) => entry.target_id === w.user.sub && entry.action === 'account.close');
    expect(audit).toMatchObject({ actor_id: w.user.sub, actor_email: pseudonym });
    expect(JSON.stringify(audit)).not.toContain(w.user.email);

    // The other person's data is untouched.
    expect((await ProfileEntity.get({ id: w.other.sub }).go()).data!.email).toBe(w.other.email);
  });
});
