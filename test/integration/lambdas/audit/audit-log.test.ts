/**
 * The audit log: entries lent to an action's transaction commit with it (and not without it),
 * and admins read them newest first, a page at a time, with cursors bound to the reader.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/audit/index';
import { auditWrite } from '../../../../lambdas/shared/audit';
import type { AuditLogPage } from '../../../../contract/audit';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { transactWrite } from '../../../../lambdas/shared/db/transaction';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';

const readLog = (adminId: string, cursor?: string) =>
  handler(
    apiEvent({
      path: '/api/admin/audit-log',
      ...(cursor ? { query: { cursor } } : {}),
      claims: idTokenClaims({ sub: adminId, email: `${adminId}@example.com` }),
    }),
    lambdaContext('audit'),
  );

describe('audit log', () => {
  it('records an action with its change, never without it, and lists newest first', async () => {
    const admin = await putProfile({ role: 'admin' });
    const target = await putProfile({ role: 'buyer' });
    const actor = { userId: admin.id, email: admin.email };
    const at = (offset: number) => new Date(Date.now() + offset).toISOString();

    for (const [index, role] of (['seller', 'both'] as const).entries()) {
      const result = await transactWrite({
        change: ProfileEntity.patch({ id: target.id }).set({ role }),
        audit: auditWrite({
          actor,
          action: 'user.role',
          target: { type: 'user', id: target.id },
          before: { role: index === 0 ? 'buyer' : 'seller' },
          after: { role },
          now: at(index),
        }),
      });
      expect(result.canceled).toBe(false);
    }
    // A change that fails takes its entry with it.
    const refused = await transactWrite({
      change: ProfileEntity.patch({ id: `missing-${randomUUID()}` }).set({ role: 'admin' }),
      audit: auditWrite({
        actor,
        action: 'user.role',
        target: { type: 'user', id: 'missing' },
        now: at(2),
      }),
    });
    expect(refused.canceled).toBe(true);

    const answer = await readLog(admin.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const { items } = jsonBody<AuditLogPage>(answer);
    const ours = items.filter((item) => item.target_id === target.id);
    expect(ours.map((item) => item.after)).toEqual([{ role: 'both' }, { role: 'seller' }]);
    expect(ours[0]).toMatchObject({
      actor_id: admin.id,
      actor_email: admin.email,
      action: 'user.role',
      before: { role: 'seller' },
    });
    expect(items.some((item) => item.target_id === 'missing')).toBe(false);
  });

  it('pages with a cursor that only its reader may use', async () => {
    const admin = await putProfile({ role: 'admin' });
    const other = await putProfile({ role: 'both' });
    for (let index = 0; index < 55; index += 1) {
      await transactWrite({
        audit: auditWrite({
          actor: { userId: admin.id, email: admin.email },
          action: 'test.page',
          target: { type: 'test', id: `t-${index}` },
          now: new Date(Date.now() + 1_000 + index).toISOString(),
        }),
      });
    }
    const first = jsonBody<AuditLogPage>(await readLog(admin.id));
    expect(first.items).toHaveLength(50);
    expect(first.cursor).not.toBeNull();
    const second = jsonBody<AuditLogPage>(await readLog(admin.id, first.cursor!));
    expect(second.items.length).toBeGreaterThanOrEqual(5);
    expect(new Set([...first.items, ...second.items].map((item) => item.id)).size).toBe(
      first.items.length + second.items.length,
    );
    expect((await readLog(other.id, first.cursor!)).statusCode).toBe(400);
  });
});
