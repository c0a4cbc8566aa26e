/**
 * The data layer's request building, without a database: the key format docs/data-model.md
 * documents (kept from ElectroDB), sparse and conditional indexes, the existence conditions of
 * each write, and expression placeholders.
 */
import '../../../../fixtures/lambda-env';
import { describe, expect, it } from 'vitest';
import { DownloadEntity } from '../../../../../lambdas/shared/db/entities/download';
import { LeadEntity } from '../../../../../lambdas/shared/db/entities/lead';
import { TemplateEntity } from '../../../../../lambdas/shared/db/entities/template';
import { NotificationEntity } from '../../../../../lambdas/shared/db/entities/notification';
import { ProfileEntity } from '../../../../../lambdas/shared/db/entities/profile';
import { EntitlementEntity } from '../../../../../lambdas/shared/db/entities/entitlement';
import { ReviewEntity } from '../../../../../lambdas/shared/db/entities/review';
import { ExpressionContext, allOf } from '../../../../../lambdas/shared/db/expression';

type Params = {
  Item?: Record<string, unknown>;
  Key?: Record<string, unknown>;
  UpdateExpression?: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
};

/** `SET #n0 = :v0, …` back to `{ attribute: value }`, to read update requests plainly. */
const assignments = (params: Params): Record<string, unknown> => {
  const names = params.ExpressionAttributeNames ?? {};
  const values = params.ExpressionAttributeValues ?? {};
  const set = /SET (.*?)(?: ADD | REMOVE |$)/.exec(params.UpdateExpression ?? '')?.[1] ?? '';
  return Object.fromEntries(
    set
      .split(', ')
      .filter(Boolean)
      .map((part) => {
        const [name = '', value = ''] = part.split(' = ');
        return [names[name], values[value] ?? value];
      }),
  );
};
const removed = (params: Params): string[] => {
  const names = params.ExpressionAttributeNames ?? {};
  const clause = /REMOVE (.*)$/.exec(params.UpdateExpression ?? '')?.[1] ?? '';
  return clause
    .split(', ')
    .filter(Boolean)
    .map((name) => names[name] ?? name);
};

const now = '2025-08-02T10:00:00.000Z';
const profile = {
  id: '8c1f-ABC',
  email: 'alice@example.com',
  username: 'Alice',
  role: 'buyer' as const,
  created_at: now,
  updated_at: now,
};

describe('keys', () => {
  it('renders the documented keys, lower-cased, with defaults filled in', () => {
    const params = ProfileEntity.create(profile).params() as Params;
    expect(params.Item).toMatchObject({
      pk: '$marketplace#id_8c1f-abc',
      sk: '$profile_1',
      gsi1pk: '$marketplace#username_alice',
      gsi1sk: '$profile_1',
      gsi2pk: '$marketplace#role_buyer',
      gsi2sk: '$profile_1#created_at_2025-08-02t10:00:00.000z',
      // Attributes keep their case; defaults are written.
      username: 'Alice',
      is_seller_approved: false,
    });
    // The profile no longer carries a quota; the entitlement sits in the user's item collection.
    expect(params.Item).not.toHaveProperty('downloads_remaining');
    const entitlement = EntitlementEntity.create({
      user_id: '8c1f-ABC',
      created_at: now,
      updated_at: now,
    }).params() as Params;
    expect(entitlement.Item).toMatchObject({
      pk: '$marketplace#user_id_8c1f-abc',
      sk: '$entitlement_1',
      downloads_remaining: 0,
      download_quota: 0,
      downloads_today: 0,
    });
    expect(ReviewEntity.keyOf({ mvp_id: '01J8ZQ', user_id: 'sub-1' })).toEqual({
      pk: '$marketplace#mvp_id_01j8zq',
      sk: '$review_1#user_id_sub-1',
    });
    // Several composites, and a partition key without any.
    const download = DownloadEntity.create({
      id: '01JX',
      user_id: 'U',
      mvp_id: 'M',
      seller_id: 'S',
      month_year: '2025-08',
      downloaded_at: now,
      version_number: '1.0.0',
      mvp_title: 'T',
      mvp_slug: 't',
    }).params() as Params;
    expect(download.Item?.gsi3pk).toBe('$marketplace#user_id_u#mvp_id_m');
    const lead = LeadEntity.put({
      email: 'A@B.C',
      agreed_to_terms: true,
      source: 's',
      timestamp: now,
      created_at: now,
      last_submitted_at: now,
    }).params() as Params;
    expect(lead.Item).toMatchObject({ gsi1pk: '$marketplace', pk: '$marketplace#email_a@b.c' });
  });

  it('leaves an index out when its composites are missing (sparse by absence)', () => {
    const { username: _username, ...withoutUsername } = profile;
    const params = ProfileEntity.create(withoutUsername).params() as Params;
    expect(params.Item).not.toHaveProperty('gsi1pk');
    expect(params.Item).not.toHaveProperty('gsi1sk');
    expect(params.Item).toHaveProperty('gsi2pk');
  });

  it('writes a conditional index only while its condition holds', () => {
    const base = {
      user_id: 'U',
      id: 'N1',
      type: 'new_download' as const,
      message: 'm',
      created_at: now,
    };
    expect(
      (NotificationEntity.create({ ...base, read: false }).params() as Params).Item,
    ).toMatchObject({ gsi1pk: '$marketplace#user_id_u', gsi1sk: '$notification_1#id_n1' });
    expect(
      (NotificationEntity.create({ ...base, read: true }).params() as Params).Item,
    ).not.toHaveProperty('gsi1pk');
    // Marking read removes the unread index keys; composites come from the key.
    const read = NotificationEntity.patch({ user_id: 'U', id: 'N1' })
      .set({ read: true })
      .params() as Params;
    expect(removed(read)).toEqual(['gsi1pk', 'gsi1sk']);
  });
});

describe('writes', () => {
  it('create refuses an existing item; put replaces; patch needs one; upsert needs none', () => {
    const create = ProfileEntity.create(profile).params() as Params;
    expect(create.ConditionExpression).toBe(
      'attribute_not_exists(#n0) AND attribute_not_exists(#n1)',
    );
    expect(create.ExpressionAttributeNames).toEqual({ '#n0': 'pk', '#n1': 'sk' });
    expect((ProfileEntity.put(profile).params() as Params).ConditionExpression).toBeUndefined();
    const patch = ProfileEntity.patch({ id: 'x' }).set({ bio: 'b' }).params() as Params;
    expect(patch.ConditionExpression).toMatch(
      /^attribute_exists\(#n\d\) AND attribute_exists\(#n\d\)$/,
    );
    const upsert = EntitlementEntity.update({ user_id: 'x' })
      .add({ downloads_remaining: 1 })
      .params() as Params;
    expect(upsert.ConditionExpression).toBeUndefined();
    // An upsert may create the item, so its key attributes are stored too.
    expect(assignments(upsert)).toEqual({ user_id: 'x' });
    expect(upsert.UpdateExpression).toContain('ADD');
  });

  it('recomputes only the index keys whose composites a patch sets', () => {
    const status = TemplateEntity.patch({ id: 'A' }).set({ status: 'approved' }).params() as Params;
    expect(assignments(status)).toEqual({
      status: 'approved',
      gsi2pk: '$marketplace#status_approved',
    });
    const both = TemplateEntity.patch({ id: 'A' })
      .set({ status: 'approved', updated_at: 'T1' })
      .params() as Params;
    expect(assignments(both)).toMatchObject({
      gsi2pk: '$marketplace#status_approved',
      gsi2sk: '$mvp_1#updated_at_t1',
    });
  });

  it('refuses to change a key attribute; completes a composite index key from the item key', () => {
    expect(() =>
      ProfileEntity.patch({ id: 'x' })
        .set({ id: 'y' } as never)
        .params(),
    ).toThrow(/part of the key/);
    expect(() =>
      DownloadEntity.patch({ user_id: 'U', id: 'D' }).set({ mvp_id: 'M2' }).params(),
    ).not.toThrow();
  });

  it('joins several conditions with AND, with their own placeholders', () => {
    const params = TemplateEntity.patch({ id: 'A' })
      .set({ status: 'approved' })
      .where(({ status }, { eq }) => eq(status, 'pending_review'))
      .where(({ file_key }, { eq }) => eq(file_key, 'k'))
      .params() as Params;
    expect(params.ConditionExpression).toMatch(
      /^\(attribute_exists\(#n\d\) AND attribute_exists\(#n\d\)\) AND \(\(#n\d = :v\d\) AND \(#n\d = :v\d\)\)$/,
    );
    expect(Object.values(params.ExpressionAttributeValues ?? {})).toEqual(
      expect.arrayContaining(['pending_review', 'k']),
    );
  });
});

describe('expressions', () => {
  it('gives each attribute name one placeholder and each value its own', () => {
    const context = new ExpressionContext();
    const text = context.condition<{ status: string; read: boolean }>(
      ({ status, read }, { eq, ne, notExists }) =>
        `${eq(status, 'a')} OR ${ne(status, 'b')} OR ${notExists(read)}`,
    );
    expect(text).toBe('#n0 = :v0 OR #n0 <> :v1 OR attribute_not_exists(#n1)');
    expect(context.toRequest()).toEqual({
      ExpressionAttributeNames: { '#n0': 'status', '#n1': 'read' },
      ExpressionAttributeValues: { ':v0': 'a', ':v1': 'b' },
    });
    expect(allOf([undefined, 'a'])).toBe('a');
    expect(allOf([])).toBeUndefined();
  });
});
