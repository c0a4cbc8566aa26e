/**
 * Admin user management: the list (role and seller-approval filters, e-mail or username prefix
 * search, newest first, pages with cursors bound to the reader and the filters), role changes
 * that keep the Cognito group and the profile equal (also when the profile write fails after the
 * group changed, or the profile moved meanwhile), one's own admin role protected, and seller
 * approval with the seller application; every change with its audit entry. Against the run's
 * cognito-local pool and this file's table.
 */
import { randomUUID } from 'node:crypto';
import { AdminListGroupsForUserCommand } from '@aws-sdk/client-cognito-identity-provider';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import { documentClient, tableName } from '../../../../lambdas/shared/db/client';
import type { AdminUser, AdminUserPage } from '../../../../contract/admin-users';
import { ADMIN_USER_MESSAGES, adminPlanLabel } from '../../../../contract/admin-users';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import { subscriptionItem } from '../../../fixtures/subscriptions';
import type { Role } from '../../../../contract/profile';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { ProfileEntity, type ProfileItem } from '../../../../lambdas/shared/db/entities/profile';
import { SellerApplicationEntity } from '../../../../lambdas/shared/db/entities/seller-application';
import { queryAuditEntries } from '../../../../lambdas/audit/repo';
import { createCognitoClient } from '../../../../lib/local/emulators/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { profileItem, putLegacyProfile, putProfile } from '../../../fixtures/profiles';
import { createTestUser, localCloud } from '../../../fixtures/users';

/** Faults slipped in around the real profile write of a role change. */
const faults = vi.hoisted(() => ({
  /** The next role writes throw (as a lost connection would) after Cognito has changed. */
  throwNext: 0,
  /** Before the next role write, someone else sets the profile to this role. */
  concurrentRole: null as Role | null,
}));

vi.mock('../../../../lambdas/profiles/admin-users-repo', async (importOriginal) => {
  const actual =
    await importOriginal<typeof import('../../../../lambdas/profiles/admin-users-repo')>();
  const { ProfileEntity: Profiles } =
    await import('../../../../lambdas/shared/db/entities/profile');
  return {
    ...actual,
    changeProfileRole: async (input: Parameters<typeof actual.changeProfileRole>[0]) => {
      if (faults.throwNext > 0) {
        faults.throwNext -= 1;
        throw new Error('Simulated: the table did not answer');
      }
      if (faults.concurrentRole) {
        const role = faults.concurrentRole;
        faults.concurrentRole = null;
        await Profiles.patch({ id: input.id }).set({ role }).go();
      }
      return actual.changeProfileRole(input);
    },
  };
});

const { handler: profiles } = await import('../../../../lambdas/profiles/index');
const { handler: sellerApplications } =
  await import('../../../../lambdas/seller-applications/index');
const { backfillUserSearch } = await import('../../../../lambdas/profiles/search-repo');
const { findProfileByUsername } = await import('../../../../lambdas/profiles/repo');

interface Admin {
  sub: string;
  email: string;
}

const call = (admin: Admin, options: Parameters<typeof apiEvent>[0]) =>
  profiles(
    apiEvent({ ...options, claims: idTokenClaims({ sub: admin.sub, email: admin.email }) }),
    lambdaContext('profiles'),
  );

const listUsers = async (admin: Admin, query: Record<string, string>) =>
  call(admin, { path: '/api/admin/users', query });

/** Every page of a list, following the cursor to its end. */
const listAll = async (admin: Admin, query: Record<string, string>): Promise<AdminUser[]> => {
  const users: AdminUser[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 200; pages += 1) {
    const answer = await listUsers(admin, { ...query, ...(cursor ? { cursor } : {}) });
    expect(answer.statusCode, answer.body).toBe(200);
    const page = jsonBody<AdminUserPage>(answer);
    expect(page.items.length).toBeLessThanOrEqual(20);
    users.push(...page.items);
    cursor = page.cursor;
    if (cursor === null) return users;
  }
  throw new Error('The list did not end');
};

const newAdmin = async (): Promise<Admin> => {
  const user = await createTestUser({ group: 'admin' });
  await putProfile({ id: user.sub, email: user.email, role: 'admin' });
  return { sub: user.sub, email: user.email };
};

/** A pool user in the group of `role`, with its profile. */
const newPoolUser = async (role: Role, extra: Partial<ProfileItem> = {}) => {
  const user = await createTestUser({ group: role });
  return putProfile({ id: user.sub, email: user.email, role, ...extra });
};

const groupsOf = async (sub: string): Promise<string[]> => {
  const { Groups = [] } = await createCognitoClient(localCloud().cognitoEndpoint).send(
    new AdminListGroupsForUserCommand({ UserPoolId: localCloud().userPoolId, Username: sub }),
  );
  return Groups.map((group) => group.GroupName!).sort();
};

const roleOf = async (id: string) =>
  (await ProfileEntity.get({ id }).go({ consistent: true })).data?.role;

const usersCounter = async (role: Role): Promise<number> =>
  (await CounterEntity.get({ name: 'users', bucket: role, shard: 0 }).go({ consistent: true })).data
    ?.value ?? 0;

const auditOf = async (targetId: string) =>
  (await queryAuditEntries({ limit: 200, cursor: null })).items.filter(
    (entry) => entry.target_id === targetId,
  );

/** Profiles whose e-mail starts with a fresh tag, created a millisecond apart (oldest first). */
const seedTagged = async (
  tag: string,
  rows: readonly { role: Role; approved?: boolean; username?: string }[],
): Promise<ProfileItem[]> => {
  const base = Date.now() - 60_000;
  const created: ProfileItem[] = [];
  for (const [index, row] of rows.entries()) {
    const at = new Date(base + index).toISOString();
    created.push(
      await putProfile({
        email: `${tag}-${index}@example.com`,
        role: row.role,
        is_seller_approved: row.approved ?? false,
        ...(row.username ? { username: row.username } : {}),
        created_at: at,
        updated_at: at,
      }),
    );
  }
  return created;
};

const idsOf = (users: readonly { id: string }[]) => users.map((user) => user.id);

describe('admin user list', () => {
  it("shows each user's plan: the current subscription's, none when it ended", async () => {
    const admin = await newAdmin();
    const tag = `plan${randomUUID().slice(0, 8)}`;
    const subscriber = await putProfile({ email: `${tag}-a@example.com` });
    const lapsed = await putProfile({ email: `${tag}-b@example.com` });
    const never = await putProfile({ email: `${tag}-c@example.com` });
    await SubscriptionEntity.create(subscriptionItem(subscriber.id, { plan_type: 'premium' })).go();
    await SubscriptionEntity.create(
      subscriptionItem(lapsed.id, { plan_type: 'basic', status: 'canceled' }),
    ).go();
    const users = await listAll(admin, { search: tag });
    const planOf = (id: string) => users.find((user) => user.id === id)?.plan;
    expect(planOf(subscriber.id)).toBe('premium');
    expect(planOf(lapsed.id)).toBeNull();
    expect(planOf(never.id)).toBeNull();
    expect(adminPlanLabel('premium')).toBe('Premium');
    expect(adminPlanLabel(null)).toBe('No plan');
  });

  it("shows each user's downloads left: their entitlement's, an old-shaped profile's, or none", async () => {
    const admin = await newAdmin();
    const tag = `left${randomUUID().slice(0, 8)}`;
    const subscriber = await putProfile({
      email: `${tag}-a@example.com`,
      downloads_remaining: 12,
      download_quota: 15,
    });
    // Written before the Entitlement item: the quota still on the profile, until the backfill.
    const older = await putLegacyProfile(
      { email: `${tag}-b@example.com` },
      { downloads_remaining: 7, download_quota: 15 },
    );
    const free = await putProfile({ email: `${tag}-c@example.com` });
    const users = await listAll(admin, { search: tag });
    const leftOf = (id: string) => users.find((user) => user.id === id)?.downloads_remaining;
    expect(leftOf(subscriber.id)).toBe(12);
    expect(leftOf(older.id)).toBe(7);
    expect(leftOf(free.id)).toBe(0);
  });

  it('filters by role and seller approval and searches e-mail or username prefixes, in term order', async () => {
    const admin = await newAdmin();
    const tag = `find${randomUUID().slice(0, 8)}`;
    const seeded = await seedTagged(tag, [
      { role: 'buyer' },
      { role: 'seller', approved: true },
      { role: 'seller', approved: false },
      { role: 'both', approved: true },
      { role: 'admin' },
    ]);
    // A search lists by the matched term (here the e-mails `<tag>-0@…` to `<tag>-4@…`).
    const all = await listAll(admin, { search: tag.toUpperCase() });
    expect(idsOf(all)).toEqual(idsOf(seeded));
    expect(all[4]).toEqual({
      id: seeded[4]!.id,
      email: seeded[4]!.email,
      username: null,
      display_name: null,
      role: 'admin',
      is_seller_approved: false,
      downloads_remaining: 0,
      beta_expires_at: null,
      closed_at: null,
      plan: null,
      created_at: seeded[4]!.created_at,
    });

    const sellers = await listAll(admin, { role: 'seller', search: tag });
    expect(idsOf(sellers)).toEqual([seeded[1]!.id, seeded[2]!.id]);
    const approved = await listAll(admin, { seller_approval: 'approved', search: tag });
    expect(idsOf(approved)).toEqual([seeded[1]!.id, seeded[3]!.id]);
    const waiting = await listAll(admin, {
      role: 'seller',
      seller_approval: 'not_approved',
      search: tag,
    });
    expect(idsOf(waiting)).toEqual([seeded[2]!.id]);

    // A username prefix, whatever its case; a part from the middle is not a prefix.
    const [named] = await seedTagged(`other${randomUUID().slice(0, 8)}`, [
      { role: 'buyer', username: `Zed${tag}` },
    ]);
    expect(idsOf(await listAll(admin, { search: `zed${tag}` }))).toEqual([named!.id]);
    expect(await listAll(admin, { search: `ed${tag}` })).toEqual([]);
  });

  it('pages newest first through every role partition without losing or repeating anyone', async () => {
    const admin = await newAdmin();
    const tag = `page${randomUUID().slice(0, 8)}`;
    const roles: Role[] = ['buyer', 'seller', 'both', 'admin'];
    const seeded = await seedTagged(
      tag,
      Array.from({ length: 45 }, (_, index) => ({ role: roles[index % 4]! })),
    );
    const byEmail = [...seeded].sort((a, b) => (a.email < b.email ? -1 : 1));
    expect(idsOf(await listAll(admin, { search: tag }))).toEqual(idsOf(byEmail));

    // Without a search every page is full until the last, newest first across pages.
    const first = jsonBody<AdminUserPage>(await listUsers(admin, { role: 'all' }));
    expect(first.items).toHaveLength(20);
    expect(first.cursor).not.toBeNull();
    const second = jsonBody<AdminUserPage>(
      await listUsers(admin, { role: 'all', cursor: first.cursor! }),
    );
    expect(second.items.length).toBeGreaterThan(0);
    const times = [...first.items, ...second.items].map((user) => user.created_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(new Set(idsOf([...first.items, ...second.items])).size).toBe(
      first.items.length + second.items.length,
    );

    // The cursor belongs to its reader and its filters.
    const other = await newAdmin();
    expect((await listUsers(other, { role: 'all', cursor: first.cursor! })).statusCode).toBe(400);
    expect((await listUsers(admin, { role: 'buyer', cursor: first.cursor! })).statusCode).toBe(400);
    expect((await listUsers(admin, { role: 'all', cursor: 'forged.cursor' })).statusCode).toBe(400);
  });

  it('refuses an unknown filter with a clear message', async () => {
    const admin = await newAdmin();
    const answer = await listUsers(admin, { role: 'owner' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('role must be one of all, buyer, seller, both, admin');
  });
});

describe('admin user search (UserSearch index)', () => {
  const patchMe = (user: ProfileItem, username: string) =>
    profiles(
      apiEvent({
        method: 'PATCH',
        path: '/api/me',
        body: { username, social_links: {} },
        claims: idTokenClaims({ sub: user.id, email: user.email }),
      }),
      lambdaContext('profiles'),
    );

  it('finds a user by e-mail or username prefix, whatever the case, once each', async () => {
    const admin = await newAdmin();
    const tag = `ix${randomUUID().slice(0, 8)}`;
    const byEmail = await putProfile({ email: `${tag}.mail@Example.com` });
    const byName = await putProfile({ username: `${tag.toUpperCase()}_Name` });
    // E-mail and username both start with the prefix: one row, not two.
    const both = await putProfile({ email: `${tag}-both@example.com`, username: `${tag}-both` });

    const found = await listAll(admin, { search: tag.toUpperCase() });
    expect(idsOf(found).sort()).toEqual(idsOf([byEmail, byName, both]).sort());
    expect(await listAll(admin, { search: `${tag}.MAIL@` })).toEqual([
      expect.objectContaining({ id: byEmail.id, email: byEmail.email }),
    ]);
    expect(idsOf(await listAll(admin, { search: `${tag}_n` }))).toEqual([byName.id]);
    // A part from the middle is not a prefix.
    expect(await listAll(admin, { search: tag.slice(1) })).toEqual([]);
  });

  it('combines the role and approval filters with the search', async () => {
    const admin = await newAdmin();
    const tag = `fx${randomUUID().slice(0, 8)}`;
    const rows = await seedTagged(tag, [
      { role: 'seller', approved: true, username: `${tag}-a` },
      { role: 'seller', approved: false },
      { role: 'both', approved: true },
      { role: 'buyer' },
    ]);
    const search = (query: Record<string, string>) => listAll(admin, { search: tag, ...query });
    expect(idsOf(await search({ role: 'seller', seller_approval: 'approved' }))).toEqual([
      rows[0]!.id,
    ]);
    expect(idsOf(await search({ role: 'seller', seller_approval: 'not_approved' }))).toEqual([
      rows[1]!.id,
    ]);
    expect(idsOf(await search({ seller_approval: 'approved' }))).toEqual([
      rows[0]!.id,
      rows[2]!.id,
    ]);
    expect(idsOf(await search({ role: 'buyer' }))).toEqual([rows[3]!.id]);
    expect(await search({ role: 'admin' })).toEqual([]);
  });

  it('pages through many matches with full pages, without duplicates or gaps', async () => {
    const admin = await newAdmin();
    const tag = `px${randomUUID().slice(0, 8)}`;
    // Every user matches twice (e-mail and username), and the filter drops every other role.
    const seeded = await Promise.all(
      Array.from({ length: 47 }, (_, index) =>
        putProfile({
          email: `${tag}-${String(index).padStart(2, '0')}@example.com`,
          username: `${tag}_${String(index).padStart(2, '0')}`,
          role: index % 2 === 0 ? 'buyer' : 'seller',
        }),
      ),
    );
    const pages: AdminUser[][] = [];
    let cursor: string | null = null;
    do {
      const answer = await listUsers(admin, {
        search: tag,
        role: 'buyer',
        ...(cursor ? { cursor } : {}),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const page = jsonBody<AdminUserPage>(answer);
      pages.push(page.items);
      cursor = page.cursor;
    } while (cursor !== null && pages.length < 10);
    const buyers = seeded.filter((_, index) => index % 2 === 0);
    expect(pages[0]).toHaveLength(20);
    expect(pages.flat().map((user) => user.id)).toEqual(idsOf(buyers));

    // The cursor belongs to its reader and its filters.
    const first = jsonBody<AdminUserPage>(await listUsers(admin, { search: tag, role: 'buyer' }));
    expect(
      (await listUsers(admin, { search: tag, role: 'seller', cursor: first.cursor! })).statusCode,
    ).toBe(400);
  });

  it('finds a renamed user under the new name only', async () => {
    const admin = await newAdmin();
    const tag = `rn${randomUUID().slice(0, 8)}`;
    const user = await putProfile({ username: `${tag}-old` });
    expect(idsOf(await listAll(admin, { search: `${tag}-old` }))).toEqual([user.id]);

    const renamed = await patchMe(user, `${tag}-new`);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await listAll(admin, { search: `${tag}-old` })).toEqual([]);
    expect(await listAll(admin, { search: `${tag}-new` })).toEqual([
      expect.objectContaining({ id: user.id, username: `${tag}-new` }),
    ]);
  });

  it('moves a user between the role and approval filters when an admin changes them', async () => {
    const admin = await newAdmin();
    const user = await newPoolUser('buyer');
    const search = user.email;
    const ids = async (query: Record<string, string>) =>
      idsOf(await listAll(admin, { search, ...query }));
    expect(await ids({ role: 'buyer' })).toContain(user.id);

    const changed = await call(admin, {
      method: 'PATCH',
      path: `/api/admin/users/${user.id}/role`,
      body: { role: 'seller' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await ids({ role: 'buyer' })).not.toContain(user.id);
    expect(await ids({ role: 'seller', seller_approval: 'not_approved' })).toContain(user.id);

    const approved = await sellerApplications(
      apiEvent({
        method: 'POST',
        path: `/api/admin/users/${user.id}/seller-approval`,
        body: { approved: true },
        claims: idTokenClaims({ sub: admin.sub, email: admin.email }),
      }),
      lambdaContext('seller-applications'),
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await ids({ role: 'seller', seller_approval: 'not_approved' })).not.toContain(user.id);
    expect(await ids({ role: 'seller', seller_approval: 'approved' })).toContain(user.id);
  });

  it('finds profiles stored before the index once the backfill ran', async () => {
    const admin = await newAdmin();
    const tag = `bf${randomUUID().slice(0, 8)}`;
    const old = profileItem({ email: `${tag}@example.com`, role: 'admin' });
    await ProfileEntity.create(old).go();
    expect(await listAll(admin, { search: tag })).toEqual([]);

    await backfillUserSearch(['admin']);
    expect(idsOf(await listAll(admin, { search: tag, role: 'admin' }))).toEqual([old.id]);
  });

  it('puts back in the username index a profile stored without its sort key', async () => {
    // Before the data layer wrote both keys of an index together, a username chosen after
    // sign-up wrote gsi1pk alone: the profile left the index and its public page was not found.
    const username = `bf_${randomUUID().slice(0, 8)}`;
    const seller = profileItem({ role: 'seller', username });
    await ProfileEntity.create(seller).go();
    await documentClient().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: ProfileEntity.keyOf({ id: seller.id }),
        UpdateExpression: 'REMOVE gsi1sk',
      }),
    );
    expect(await findProfileByUsername(username)).toBeNull();

    await backfillUserSearch(['seller']);
    expect((await findProfileByUsername(username))?.id).toBe(seller.id);
  });
});

describe('role change', () => {
  const changeRole = (admin: Admin, id: string, role: string) =>
    call(admin, { method: 'PATCH', path: `/api/admin/users/${id}/role`, body: { role } });

  it('moves the Cognito group and the profile together, with the counters and an audit entry', async () => {
    const admin = await newAdmin();
    const user = await newPoolUser('buyer');
    const [buyers, sellers] = [await usersCounter('buyer'), await usersCounter('seller')];

    const answer = await changeRole(admin, user.id, 'seller');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(jsonBody<AdminUser>(answer)).toMatchObject({ id: user.id, role: 'seller' });
    expect(await roleOf(user.id)).toBe('seller');
    expect(await groupsOf(user.id)).toEqual(['seller']);
    expect(await usersCounter('buyer')).toBe(buyers - 1);
    expect(await usersCounter('seller')).toBe(sellers + 1);
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({
      actor_id: admin.sub,
      actor_email: admin.email,
      action: 'user.role',
      target_type: 'user',
      before: { role: 'buyer' },
      after: { role: 'seller' },
    });

    // The same change again changes nothing and records nothing.
    expect((await changeRole(admin, user.id, 'seller')).statusCode).toBe(200);
    expect(await groupsOf(user.id)).toEqual(['seller']);
    expect(await auditOf(user.id)).toHaveLength(1);
    expect(await usersCounter('seller')).toBe(sellers + 1);
  });

  it('leaves the group equal to the profile when the profile write fails, and a retry converges', async () => {
    const admin = await newAdmin();
    const user = await newPoolUser('buyer');

    faults.throwNext = 1;
    const failed = await changeRole(admin, user.id, 'both');
    expect(failed.statusCode).toBe(502);
    expect(failed.body).toContain(ADMIN_USER_MESSAGES.roleFailed);
    expect(await roleOf(user.id)).toBe('buyer');
    expect(await groupsOf(user.id)).toEqual(['buyer']);
    expect(await auditOf(user.id)).toHaveLength(0);

    const retried = await changeRole(admin, user.id, 'both');
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await roleOf(user.id)).toBe('both');
    expect(await groupsOf(user.id)).toEqual(['both']);
  });

  it('retries over a profile that changed meanwhile and ends with both sides equal', async () => {
    const admin = await newAdmin();
    const user = await newPoolUser('buyer');
    faults.concurrentRole = 'seller';
    const answer = await changeRole(admin, user.id, 'admin');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(await roleOf(user.id)).toBe('admin');
    expect(await groupsOf(user.id)).toEqual(['admin']);
    const [entry] = await auditOf(user.id);
    expect(entry).toMatchObject({ before: { role: 'seller' }, after: { role: 'admin' } });
  });

  it("refuses an admin's own admin role, and a user without a sign-in account", async () => {
    const admin = await newAdmin();
    const own = await changeRole(admin, admin.sub, 'buyer');
    expect(own.statusCode).toBe(409);
    expect(own.body).toContain(ADMIN_USER_MESSAGES.ownAdminRole);
    expect(await roleOf(admin.sub)).toBe('admin');
    expect(await groupsOf(admin.sub)).toEqual(['admin']);

    const orphan = await putProfile({ role: 'buyer' });
    const answer = await changeRole(admin, orphan.id, 'seller');
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toContain(ADMIN_USER_MESSAGES.noPoolUser);
    expect(await roleOf(orphan.id)).toBe('buyer');

    expect((await changeRole(admin, `missing-${randomUUID()}`, 'seller')).statusCode).toBe(404);
    const invalid = await changeRole(admin, orphan.id, 'owner');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(ADMIN_USER_MESSAGES.roleInvalid);
  });
});

describe('seller approval', () => {
  // The Users tab's approval is decided by the seller applications function.
  const setApproval = (admin: Admin, id: string, approved: unknown) =>
    sellerApplications(
      apiEvent({
        method: 'POST',
        path: `/api/admin/users/${id}/seller-approval`,
        body: { approved },
        claims: idTokenClaims({ sub: admin.sub, email: admin.email }),
      }),
      lambdaContext('seller-applications'),
    );

  const applicationOf = async (userId: string) =>
    (await SellerApplicationEntity.get({ user_id: userId }).go({ consistent: true })).data;

  it('approves and revokes a seller with their application and audit entries', async () => {
    const admin = await newAdmin();
    const seller = await putProfile({ role: 'seller' });
    await SellerApplicationEntity.create({
      user_id: seller.id,
      email: seller.email,
      full_name: 'Applying Seller',
      years_experience: '3-5',
      specializations: ['SaaS Development'],
      previous_work: 'Starters.',
      portfolio_description: 'Templates.',
      sample_projects: 'https://github.com/example/starter',
      agreed_to_terms: true,
      agreed_to_commission: true,
      status: 'pending',
      submitted_at: new Date().toISOString(),
    }).go();

    const approved = await setApproval(admin, seller.id, true);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(jsonBody<AdminUser>(approved)).toMatchObject({
      id: seller.id,
      is_seller_approved: true,
    });
    expect(await applicationOf(seller.id)).toMatchObject({
      status: 'approved',
      reviewed_by: admin.sub,
    });

    const revoked = await setApproval(admin, seller.id, false);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(
      (await ProfileEntity.get({ id: seller.id }).go({ consistent: true })).data
        ?.is_seller_approved,
    ).toBe(false);
    expect((await applicationOf(seller.id))?.status).toBe('rejected');
    expect((await auditOf(seller.id)).map((entry) => entry.action)).toEqual([
      'user.seller_revoke',
      'user.seller_approve',
    ]);

    // Without an application, a seller of role both.
    const both = await putProfile({ role: 'both' });
    expect((await setApproval(admin, both.id, true)).statusCode).toBe(200);
    expect(await applicationOf(both.id)).toBeNull();
  });

  it('refuses to approve a closed account as a seller', async () => {
    const admin = await newAdmin();
    const closed = await putProfile({ role: 'seller', closed_at: new Date().toISOString() });
    const answer = await setApproval(admin, closed.id, true);
    expect(answer.statusCode).toBe(409);
    expect(answer.body).toContain(ADMIN_USER_MESSAGES.closedAccount);
    expect(
      (await ProfileEntity.get({ id: closed.id }).go({ consistent: true })).data
        ?.is_seller_approved,
    ).toBe(false);
  });

  it('refuses buyers and admins, unknown users and a malformed decision', async () => {
    const admin = await newAdmin();
    for (const role of ['buyer', 'admin'] as const) {
      const user = await putProfile({ role });
      const answer = await setApproval(admin, user.id, true);
      expect(answer.statusCode).toBe(409);
      expect(answer.body).toContain(ADMIN_USER_MESSAGES.notSeller);
    }
    expect((await setApproval(admin, `missing-${randomUUID()}`, true)).statusCode).toBe(404);
    const seller = await putProfile({ role: 'seller' });
    const invalid = await setApproval(admin, seller.id, 'yes');
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain(ADMIN_USER_MESSAGES.approvedInvalid);
  });
});
