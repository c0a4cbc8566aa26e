/**
 * Seller applications against the emulators: any signed-in account applies and keeps its role
 * while the application is reviewed, one application under review at a time, a declined applicant
 * applies again, each applicant reads only their own, and the admin queue decides (pending first;
 * approval makes an approved seller with the Cognito group, the display name, the audit entry and
 * the notification; a rejection needs a reason).
 */
import { randomUUID } from 'node:crypto';
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { describe, expect, it } from 'vitest';
import { queryAuditEntries } from '../../../../lambdas/audit/repo';
import type { Role } from '../../../../contract/profile';
import {
  SELLER_APPLICATION_MESSAGES,
  type AdminSellerApplicationList,
  type MySellerApplication,
} from '../../../../contract/seller-applications';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';
import { createTestUser, localCloud } from '../../../fixtures/users';

const { handler } = await import('../../../../lambdas/seller-applications/index');

interface Caller {
  sub: string;
  email: string;
}

const call = async (
  caller: Caller,
  options: { method?: 'GET' | 'POST'; path: string; body?: unknown },
) => {
  const result = await handler(
    apiEvent({ ...options, claims: idTokenClaims({ sub: caller.sub, email: caller.email }) }),
    lambdaContext('seller-applications'),
  );
  return { status: result.statusCode, body: result.body ?? '' };
};

const application = (fullName = 'Ada Applicant') => ({
  fullName,
  yearsExperience: '3-5',
  specializations: ['SaaS Development', 'API Development'],
  previousWork: 'Built many SaaS products.',
  portfolioDescription: 'Starters and dashboards.',
  sampleProjects: 'https://github.com/ada/starter',
  githubProfile: 'https://github.com/ada',
  agreeToTerms: true,
  agreeToCommission: true,
});

const apply = (caller: Caller, fullName?: string) =>
  call(caller, { method: 'POST', path: '/api/seller-applications', body: application(fullName) });

const mine = async (caller: Caller) => {
  const answer = await call(caller, { path: '/api/seller-applications/mine' });
  expect(answer.status, answer.body).toBe(200);
  return jsonBody<MySellerApplication>(answer);
};

const decide = (admin: Caller, userId: string, body: unknown) =>
  call(admin, {
    method: 'POST',
    path: `/api/admin/seller-applications/${userId}/decision`,
    body,
  });

/** A pool user in the group of `role`, with its profile. */
const newUser = async (role: Role, extra: { display_name?: string } = {}): Promise<Caller> => {
  const user = await createTestUser({ group: role });
  await putProfile({ id: user.sub, email: user.email, role, ...extra });
  return { sub: user.sub, email: user.email };
};

const profileOf = async (id: string) =>
  (await ProfileEntity.get({ id }).go({ consistent: true })).data;

const groupsOf = async (sub: string): Promise<string[]> => {
  const { Groups = [] } = await createCognitoClient(localCloud().cognitoEndpoint).send(
    new AdminListGroupsForUserCommand({ UserPoolId: localCloud().userPoolId, Username: sub }),
  );
  return Groups.map((group) => group.GroupName!).sort();
};

const auditOf = async (targetId: string) =>
  (await queryAuditEntries({ limit: 200, cursor: null })).items.filter(
    (entry) => entry.target_id === targetId,
  );

const notificationsOf = async (userId: string) =>
  (await NotificationEntity.query.byUser({ user_id: userId }).go({ consistent: true })).data;

describe('applying to sell', () => {
  it('a signed-in buyer applies: pending, role unchanged; a second submit is refused', async () => {
    const buyer = await newUser('buyer');
    expect(await mine(buyer)).toEqual({ status: 'none' });

    const first = await apply(buyer);
    expect(first.status, first.body).toBe(201);
    expect(await profileOf(buyer.sub)).toMatchObject({ role: 'buyer', is_seller_approved: false });
    expect(await mine(buyer)).toMatchObject({ status: 'pending', full_name: 'Ada Applicant' });

    const second = await apply(buyer, 'Someone Else');
    expect(second.status).toBe(409);
    expect(second.body).toContain(SELLER_APPLICATION_MESSAGES.alreadyPending);
    expect(await mine(buyer)).toMatchObject({ status: 'pending', full_name: 'Ada Applicant' });
  });

  it('a declined applicant reads the reason and may apply again', async () => {
    const admin = await newUser('admin');
    const buyer = await newUser('buyer');
    expect((await apply(buyer)).status).toBe(201);
    const rejected = await decide(admin, buyer.sub, {
      decision: 'reject',
      reason: 'Please link a public repository.',
    });
    expect(rejected.status, rejected.body).toBe(200);
    expect(await mine(buyer)).toMatchObject({
      status: 'rejected',
      reason: 'Please link a public repository.',
    });
    expect(await profileOf(buyer.sub)).toMatchObject({ role: 'buyer', is_seller_approved: false });
    const [notification] = await notificationsOf(buyer.sub);
    expect(notification).toMatchObject({
      type: 'seller_application_decided',
      link: '/seller-signup',
    });
    expect(notification?.message).toContain('Please link a public repository.');
    expect((await auditOf(buyer.sub)).map((entry) => [entry.action, entry.after])).toEqual([
      [
        'user.seller_reject',
        { application: 'rejected', reason: 'Please link a public repository.' },
      ],
    ]);

    const again = await apply(buyer, 'Ada Again');
    expect(again.status, again.body).toBe(201);
    expect(await mine(buyer)).toMatchObject({ status: 'pending', full_name: 'Ada Again' });
  });

  it('each applicant reads only their own application', async () => {
    const ann = await newUser('buyer');
    const bob = await newUser('buyer');
    expect((await apply(ann, 'Ann Only')).status).toBe(201);
    expect(await mine(bob)).toEqual({ status: 'none' });
    expect(await mine(ann)).toMatchObject({ full_name: 'Ann Only' });
  });
});

describe('the admin queue', () => {
  it('lists pending applications first (oldest first), then decided ones', async () => {
    const admin = await newUser('admin');
    const [first, second, decided] = [
      await newUser('buyer'),
      await newUser('buyer'),
      await newUser('buyer'),
    ];
    for (const user of [decided, first, second]) expect((await apply(user)).status).toBe(201);
    expect((await decide(admin, decided.sub, { decision: 'reject', reason: 'No.' })).status).toBe(
      200,
    );

    const answer = await call(admin, { path: '/api/admin/seller-applications' });
    expect(answer.status, answer.body).toBe(200);
    const { items } = jsonBody<AdminSellerApplicationList>(answer);
    const ids = items.map((item) => item.user_id);
    const pendingCount = items.filter((item) => item.status === 'pending').length;
    expect(items.slice(0, pendingCount).every((item) => item.status === 'pending')).toBe(true);
    expect(ids.indexOf(first.sub)).toBeLessThan(ids.indexOf(second.sub));
    expect(ids.indexOf(second.sub)).toBeLessThan(pendingCount);
    expect(ids.indexOf(decided.sub)).toBeGreaterThanOrEqual(pendingCount);
    expect(items.find((item) => item.user_id === first.sub)).toMatchObject({
      email: first.email,
      full_name: 'Ada Applicant',
      years_experience: '3-5',
      specializations: ['SaaS Development', 'API Development'],
      github_profile: 'https://github.com/ada',
      sample_projects: 'https://github.com/ada/starter',
    });
    expect(items.find((item) => item.user_id === decided.sub)?.rejection_reason).toBe('No.');
  });

  it('approval makes the buyer an approved seller with group, name, audit and notification', async () => {
    const admin = await newUser('admin');
    const buyer = await newUser('buyer');
    expect((await apply(buyer, 'Grace Seller')).status).toBe(201);

    const approved = await decide(admin, buyer.sub, { decision: 'approve' });
    expect(approved.status, approved.body).toBe(200);
    expect(await profileOf(buyer.sub)).toMatchObject({
      // `both` would carry admin rights: an approved buyer becomes a seller.
      role: 'seller',
      is_seller_approved: true,
      display_name: 'Grace Seller',
    });
    expect(await groupsOf(buyer.sub)).toEqual(['seller']);
    expect(await mine(buyer)).toMatchObject({ status: 'approved' });
    const [entry] = await auditOf(buyer.sub);
    expect(entry).toMatchObject({
      action: 'user.seller_approve',
      actor_id: admin.sub,
      after: { role: 'seller', is_seller_approved: true, display_name: 'Grace Seller' },
    });
    expect(await notificationsOf(buyer.sub)).toMatchObject([
      { type: 'seller_application_decided', link: '/upload' },
    ]);

    const twice = await decide(admin, buyer.sub, { decision: 'approve' });
    expect(twice.status).toBe(409);
    expect(twice.body).toContain(SELLER_APPLICATION_MESSAGES.alreadyDecided);
  });

  it('keeps a display name, and an admin who applies becomes both', async () => {
    const admin = await newUser('admin');
    const named = await newUser('buyer', { display_name: 'Chosen Name' });
    const otherAdmin = await newUser('admin');
    expect((await apply(named, 'Form Name')).status).toBe(201);
    expect((await apply(otherAdmin)).status).toBe(201);
    expect((await decide(admin, named.sub, { decision: 'approve' })).status).toBe(200);
    expect((await decide(admin, otherAdmin.sub, { decision: 'approve' })).status).toBe(200);
    expect((await profileOf(named.sub))?.display_name).toBe('Chosen Name');
    expect(await profileOf(otherAdmin.sub)).toMatchObject({
      role: 'both',
      is_seller_approved: true,
    });
    expect(await groupsOf(otherAdmin.sub)).toEqual(['both']);
  });

  it('a rejection needs a reason; unknown applications and non-admins are refused', async () => {
    const admin = await newUser('admin');
    const buyer = await newUser('buyer');
    expect((await apply(buyer)).status).toBe(201);

    for (const body of [{ decision: 'reject' }, { decision: 'reject', reason: '   ' }]) {
      const answer = await decide(admin, buyer.sub, body);
      expect(answer.status).toBe(400);
      expect(answer.body).toContain(SELLER_APPLICATION_MESSAGES.reasonRequired);
    }
    const invalid = await decide(admin, buyer.sub, { decision: 'maybe' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toContain(SELLER_APPLICATION_MESSAGES.decisionInvalid);
    expect((await mine(buyer)).status).toBe('pending');

    expect((await decide(admin, `missing-${randomUUID()}`, { decision: 'approve' })).status).toBe(
      404,
    );
    const stranger = await newUser('buyer');
    expect((await call(stranger, { path: '/api/admin/seller-applications' })).status).toBe(403);
    expect((await decide(stranger, buyer.sub, { decision: 'approve' })).status).toBe(403);
    expect(await profileOf(buyer.sub)).toMatchObject({ role: 'buyer', is_seller_approved: false });
  });

  it("the Users tab's approval is the same decision: application, name, audit, notification", async () => {
    const admin = await newUser('admin');
    // Signed up as a seller on /auth, then applied.
    const seller = await newUser('seller');
    expect((await apply(seller, 'Tab Approved')).status).toBe(201);

    const answer = await call(admin, {
      method: 'POST',
      path: `/api/admin/users/${seller.sub}/seller-approval`,
      body: { approved: true },
    });
    expect(answer.status, answer.body).toBe(200);
    expect(await profileOf(seller.sub)).toMatchObject({
      role: 'seller',
      is_seller_approved: true,
      display_name: 'Tab Approved',
    });
    expect(await mine(seller)).toMatchObject({ status: 'approved' });
    expect((await auditOf(seller.sub)).map((entry) => entry.action)).toEqual([
      'user.seller_approve',
    ]);
    expect(await notificationsOf(seller.sub)).toMatchObject([
      { type: 'seller_application_decided', link: '/upload' },
    ]);

    // Revoked (the application with it), then approved again: the two agree again.
    const approval = (approved: boolean) =>
      call(admin, {
        method: 'POST',
        path: `/api/admin/users/${seller.sub}/seller-approval`,
        body: { approved },
      });
    expect((await approval(false)).status).toBe(200);
    expect(await mine(seller)).toMatchObject({ status: 'rejected' });
    expect((await approval(true)).status).toBe(200);
    expect(await mine(seller)).toMatchObject({ status: 'approved' });
    expect((await profileOf(seller.sub))?.is_seller_approved).toBe(true);
  });
});
