/**
 * PUBLISH_MODE=moderate: an edit of a live template's text or price waits for an admin. Buyers
 * keep the live text; approval applies it with the catalog version in one transaction; a
 * rejection keeps the live text and tells the seller why.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogVersion } from '../../../../lambdas/catalog/repo';
import { handler as adminHandler } from '../../../../lambdas/admin/index';
import {
  MODERATION_MESSAGES,
  type PendingTemplateList,
} from '../../../../contract/admin-templates';
import type { AdminOverview } from '../../../../contract/admin-overview';
import type { TemplateDetail } from '../../../../contract/catalog';
import {
  TEMPLATE_MESSAGES,
  type ManagedTemplate,
  type TemplateWriteResult,
} from '../../../../contract/templates';
import { HeldEditEntity } from '../../../../lambdas/shared/db/entities/held-edit';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { heldEditDecidedWrite } from '../../../../lambdas/templates/held-edit-repo';
import { writeTemplate } from '../../../../lambdas/templates/repo';
import { handler as backfillHeldEditsTask } from '../../../../lambdas/templates/tasks/backfill-held-edits';
import type { HttpMethod } from '../../../../contract/routes';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { templateFormFields } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate, seedTemplateWithPendingVersion } from '../../../fixtures/template-items';

// Read once, at the first request of this file's modules: every write here is moderated. The
// worker's environment is given back afterwards, so files run after this one publish as usual.
const publishModeBefore = process.env.PUBLISH_MODE;
process.env.PUBLISH_MODE = 'moderate';
afterAll(() => {
  if (publishModeBefore === undefined) delete process.env.PUBLISH_MODE;
  else process.env.PUBLISH_MODE = publishModeBefore;
});

const person = (name: string) => {
  const sub = `${name}-${randomUUID()}`;
  return { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
};
const seller = person('seller');
const admin = person('admin');

beforeAll(async () => {
  await putProfile({ id: seller.sub, role: 'seller', is_seller_approved: true });
  await putProfile({ id: admin.sub, role: 'admin' });
});

const call = async <T>(
  method: HttpMethod,
  path: string,
  as: { claims: Record<string, string> } | null,
  body?: unknown,
) => {
  const result = await dispatch(
    apiEvent({ method, path, body, claims: as?.claims }),
    lambdaContext('templates'),
  );
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
};

const stored = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data!;

const editTitle = (id: string, title: string) =>
  call<TemplateWriteResult>('PATCH', `/api/mvps/${id}`, seller, {
    fields: templateFormFields({ title, tagline: 'Live tagline' }),
    version_number: '1.0.0',
  });

describe('held edits of a live template (PUBLISH_MODE=moderate)', () => {
  it('keep the live text until an admin approves, then apply with the catalog record', async () => {
    const template = await seedTemplate(seller.sub, {
      title: 'Live Title',
      tagline: 'Live tagline',
    });
    const catalogBefore = (await getCatalogVersion()).version;
    const edited = await editTitle(template.id, 'Renamed Title');
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(TEMPLATE_MESSAGES.editHeld);
    expect(edited.body.mvp).toMatchObject({
      title: 'Live Title',
      pending_edit: { status: 'pending_review', reason: null },
    });
    expect(edited.body.mvp.pending_edit?.changed).toContain('title');
    expect((await stored(template.id)).title).toBe('Live Title');
    expect((await getCatalogVersion()).version).toBe(catalogBefore);
    const page = await call<TemplateDetail>('GET', `/api/mvps/${template.id}`, null);
    expect(page.body.title).toBe('Live Title');

    const queue = await call<PendingTemplateList>('GET', '/api/admin/mvps', admin);
    const row = queue.body.items.find((item) => item.id === template.id);
    expect(row?.edit_fields).toContain('title');
    // The row shows the template as the edit would make it, and names the edit by its stamp.
    expect(row?.title).toBe('Renamed Title');
    expect(row?.edit_at).toBe(edited.body.mvp.pending_edit?.at);

    const approved = await call<TemplateWriteResult>(
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
      admin,
      {
        edit_at: row?.edit_at,
      },
    );
    expect(approved.status).toBe(200);
    const after = await stored(template.id);
    expect(after.title).toBe('Renamed Title');
    expect(after.pending_edit).toBeUndefined();
    expect(after.pending_edit_status).toBeUndefined();
    expect((await getCatalogVersion()).version).toBe(catalogBefore + 1);
    expect((await call<TemplateDetail>('GET', `/api/mvps/${template.id}`, null)).body.title).toBe(
      'Renamed Title',
    );
  });

  it('a rejection keeps the live text and gives the seller the reason', async () => {
    const template = await seedTemplate(seller.sub, {
      title: 'Kept Title',
      tagline: 'Live tagline',
    });
    const edited = await editTitle(template.id, 'Shouty TITLE!!!');
    const rejected = await call<TemplateWriteResult>(
      'POST',
      `/api/admin/mvps/${template.id}/reject`,
      admin,
      {
        reason: 'Please keep the title plain.',
        edit_at: edited.body.mvp.pending_edit?.at,
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.mvp).toMatchObject({
      title: 'Kept Title',
      status: 'approved',
      pending_edit: { status: 'rejected', reason: 'Please keep the title plain.' },
    });
    expect((await stored(template.id)).title).toBe('Kept Title');
    // Nothing waits any more: a second decision is refused.
    expect((await call('POST', `/api/admin/mvps/${template.id}/approve`, admin)).status).toBe(409);
    const again = await call<{ message: string }>(
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
      admin,
      { edit_at: edited.body.mvp.pending_edit?.at },
    );
    expect(again).toMatchObject({
      status: 409,
      body: { message: MODERATION_MESSAGES.editGone },
    });
  });

  it('shows the seller the held values in the edit form, not the live ones', async () => {
    const template = await seedTemplate(seller.sub, {
      title: 'Live Form Title',
      tagline: 'Live tagline',
      access_tier: 'subscription',
    });
    await call<TemplateWriteResult>('PATCH', `/api/mvps/${template.id}`, seller, {
      fields: templateFormFields({
        title: 'Held Form Title',
        tagline: 'Held tagline',
        access_tier: 'one_time_sale',
        price: 12.5,
        demo_url: null,
      }),
      version_number: '1.0.0',
    });
    const manage = await call<ManagedTemplate>('GET', `/api/mvps/${template.id}/manage`, seller);
    expect(manage.status).toBe(200);
    // The live fields stay what buyers see; the held ones are what the form starts from.
    expect(manage.body).toMatchObject({ title: 'Live Form Title', access_tier: 'subscription' });
    expect(manage.body.pending_edit).toMatchObject({
      status: 'pending_review',
      values: {
        title: 'Held Form Title',
        tagline: 'Held tagline',
        access_tier: 'one_time_sale',
        price: 12.5,
        demo_url: null,
        preview_images: manage.body.preview_images,
      },
    });
  });

  it('refuses a decision on an edit the admin did not read, with a message (409)', async () => {
    const template = await seedTemplate(seller.sub, {
      title: 'Stamp Title',
      tagline: 'Live tagline',
    });
    const first = await editTitle(template.id, 'First Rename');
    const readAt = first.body.mvp.pending_edit!.at;
    // The seller saves again after the admin opened the queue.
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await editTitle(template.id, 'Second Rename');
    const newAt = second.body.mvp.pending_edit!.at;
    expect(newAt).not.toBe(readAt);

    for (const [path, body] of [
      ['approve', { edit_at: readAt }],
      ['approve', undefined],
      ['reject', { reason: 'Not this one.', edit_at: readAt }],
      ['reject', { reason: 'Not this one.' }],
    ] as const) {
      const stale = await call<{ message: string }>(
        'POST',
        `/api/admin/mvps/${template.id}/${path}`,
        admin,
        body,
      );
      expect(stale, `${path} ${JSON.stringify(body)}`).toMatchObject({
        status: 409,
        body: { message: MODERATION_MESSAGES.editChanged },
      });
    }
    expect((await stored(template.id)).title).toBe('Stamp Title');

    // Between the admin's read and the write: the HeldEdit item's stamp refuses the transaction.
    await expect(
      writeTemplate({
        mvpId: template.id,
        fromStatus: 'approved',
        set: { title: 'First Rename' },
        heldEdit: heldEditDecidedWrite(template.id, readAt),
        now: new Date().toISOString(),
      }),
    ).rejects.toMatchObject({ item: 'heldEdit' });

    const approved = await call<TemplateWriteResult>(
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
      admin,
      {
        edit_at: newAt,
      },
    );
    expect(approved.status).toBe(200);
    expect((await stored(template.id)).title).toBe('Second Rename');
  });

  it('finds held edits by their own item (M15), and drops it on a decision or archiving', async () => {
    const template = await seedTemplate(seller.sub, {
      title: 'Indexed Title',
      tagline: 'Live tagline',
    });
    const edited = await editTitle(template.id, 'Indexed Rename');
    const held = (await HeldEditEntity.get({ mvp_id: template.id }).go({ consistent: true })).data;
    expect(held).toMatchObject({
      mvp_id: template.id,
      seller_id: seller.sub,
      status: 'pending_review',
      at: edited.body.mvp.pending_edit!.at,
    });
    // A held edit without its item is not found: the queue reads the items, not the catalog.
    const hidden = await seedTemplate(seller.sub, {
      title: 'Unindexed',
      pending_edit: {
        set: { title: 'Unindexed Rename' },
        remove: [],
        at: new Date().toISOString(),
      },
      pending_edit_status: 'pending_review',
    });
    const queue = await call<PendingTemplateList>('GET', '/api/admin/mvps', admin);
    expect(queue.body.items.map((item) => item.id)).toContain(template.id);
    expect(queue.body.items.map((item) => item.id)).not.toContain(hidden.id);

    // Archived by the seller: the item goes with the template's place in the catalog.
    const archived = await call('DELETE', `/api/mvps/${template.id}`, seller);
    expect(archived.status).toBe(200);
    expect(
      (await HeldEditEntity.get({ mvp_id: template.id }).go({ consistent: true })).data,
    ).toBeNull();
    const after = await call<PendingTemplateList>('GET', '/api/admin/mvps', admin);
    expect(after.body.items.map((item) => item.id)).not.toContain(template.id);
  });

  it('gives an edit held before its item existed the item, once (the backfill)', async () => {
    const at = new Date().toISOString();
    const older = await seedTemplate(seller.sub, {
      title: 'Held Long Ago',
      pending_edit: { set: { title: 'Held Long Ago, Renamed' }, remove: [], at },
      pending_edit_status: 'pending_review',
    });
    const before = await call<PendingTemplateList>('GET', '/api/admin/mvps', admin);
    expect(before.body.items.map((item) => item.id)).not.toContain(older.id);

    const first = await backfillHeldEditsTask();
    expect(first.heldEdits).toBeGreaterThanOrEqual(1);
    expect(
      (await HeldEditEntity.get({ mvp_id: older.id }).go({ consistent: true })).data,
    ).toMatchObject({ seller_id: seller.sub, status: 'pending_review', at });
    const after = await call<PendingTemplateList>('GET', '/api/admin/mvps', admin);
    expect(after.body.items.map((item) => item.id)).toContain(older.id);
    // A second run finds every held edit with its item and writes nothing.
    expect((await backfillHeldEditsTask()).heldEdits).toBe(0);
  });

  it('counts held edits and new versions of live templates as pending, in the queue and the overview', async () => {
    const overview = async () =>
      jsonBody<AdminOverview>(
        await adminHandler(
          apiEvent({ path: '/api/admin/overview', claims: admin.claims }),
          lambdaContext('admin'),
        ),
      ).stats.pendingMVPs;
    const queueCount = async () =>
      (await call<PendingTemplateList>('GET', '/api/admin/mvps', admin)).body.counts.pending_review;
    const [overviewBefore, queueBefore] = [await overview(), await queueCount()];

    const template = await seedTemplate(seller.sub, {
      title: 'Counted Title',
      tagline: 'Live tagline',
    });
    await editTitle(template.id, 'Counted Rename');
    const versioned = await seedTemplateWithPendingVersion(seller.sub);
    expect(await overview()).toBe(overviewBefore + 2);
    expect(await queueCount()).toBe(queueBefore + 2);

    // Deciding the edit takes it off both counts.
    const row = (await call<PendingTemplateList>('GET', '/api/admin/mvps', admin)).body.items.find(
      (item) => item.id === template.id,
    );
    await call('POST', `/api/admin/mvps/${template.id}/approve`, admin, { edit_at: row?.edit_at });
    expect(await overview()).toBe(overviewBefore + 1);
    expect(await queueCount()).toBe(queueBefore + 1);

    // Archiving a template withdraws its version in review: nothing is left to decide.
    expect((await call('DELETE', `/api/mvps/${versioned.mvp.id}`, seller)).status).toBe(200);
    expect(await overview()).toBe(overviewBefore);
    expect(await queueCount()).toBe(queueBefore);
    const version = await TemplateVersionEntity.get({
      mvp_id: versioned.mvp.id,
      id: versioned.version.id,
    }).go({ consistent: true });
    expect(version.data?.status).toBe('withdrawn');
  });
});
