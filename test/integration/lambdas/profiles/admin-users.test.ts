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
import { describe, expect, it, vi } from 'vitest';
import type { AdminUser, AdminUserPage } from '../../../../lambdas/shared/contracts/admin-users';
import { ADMIN_USER_MESSAGES } from '../../../../lambdas/shared/contracts/admin-users';
import type { Role } from '../../../../lambdas/shared/contracts/profile';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { ProfileEntity, type ProfileItem } from '../../../../lambdas/shared/db/entities/profile';
import { SellerApplicationEntity } from '../../../../lambdas/shared/db/entities/seller-application';
import { queryAuditEntries } from '../../../../lambdas/audit/repo';
import { createCognitoClient } from '../../../../lib/local/resources';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';
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
const { SEARCH_READ_BUDGET } = await import('../../../../lambdas/profiles/admin-users');

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
  it('filters by role and seller approval and searches e-mail or username prefixes, newest first', async () => {
    const admin = await newAdmin();
    const tag = `find${randomUUID().slice(0, 8)}`;
    const seeded = await seedTagged(tag, [
      { role: 'buyer' },
      { role: 'seller', approved: true },
      { role: 'seller', approved: false },
      { role: 'both', approved: true },
      { role: 'admin' },
    ]);
    const newestFirst = [...seeded].reverse();

    const all = await listAll(admin, { search: tag.toUpperCase() });
    expect(idsOf(all)).toEqual(idsOf(newestFirst));
    expect(all[0]).toEqual({
      id: seeded[4]!.id,
      email: seeded[4]!.email,
      username: null,
      display_name: null,
      role: 'admin',
      is_seller_approved: false,
      downloads_remaining: 0,
      beta_expires_at: null,
      closed_at: null,
      created_at: seeded[4]!.created_at,
    });

    const sellers = await listAll(admin, { role: 'seller', search: tag });
    expect(idsOf(sellers)).toEqual([seeded[2]!.id, seeded[1]!.id]);
    const approved = await listAll(admin, { seller_approval: 'approved', search: tag });
    expect(idsOf(approved)).toEqual([seeded[3]!.id, seeded[1]!.id]);
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
    expect(idsOf(await listAll(admin, { search: tag }))).toEqual(idsOf([...seeded].reverse()));

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

  it('reads a bounded number of profiles per search request and goes on from there', async () => {
    const admin = await newAdmin();
    const tag = `deep${randomUUID().slice(0, 8)}`;
    // The match is the oldest buyer, behind more non-matching buyers than one request reads.
    const at = (offset: number) => new Date(Date.UTC(2000, 0, 1) + offset).toISOString();
    const match = await putProfile({ email: `${tag}@example.com`, created_at: at(0) });
    for (let start = 0; start < SEARCH_READ_BUDGET + 20; start += 50) {
      await Promise.all(
        Array.from({ length: 50 }, (_, index) =>
          putProfile({ created_at: at(1_000 + start + index) }),
        ),
      );
    }
    const first = jsonBody<AdminUserPage>(await listUsers(admin, { role: 'buyer', search: tag }));
    expect(first.items).toEqual([]);
    expect(first.cursor).not.toBeNull();
    expect(idsOf(await listAll(admin, { role: 'buyer', search: tag }))).toEqual([match.id]);
  });

  it('refuses an unknown filter with a clear message', async () => {
    const admin = await newAdmin();
    const answer = await listUsers(admin, { role: 'owner' });
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toContain('role must be one of all, buyer, seller, both, admin');
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
  const setApproval = (admin: Admin, id: string, approved: unknown) =>
    call(admin, {
      method: 'POST',
      path: `/api/admin/users/${id}/seller-approval`,
      body: { approved },
    });

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
