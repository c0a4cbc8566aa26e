/**
 * PUBLISH_MODE=moderate: an edit of a live template's text or price waits for an admin. Buyers
 * keep the live text; approval applies it with the catalog version in one transaction; a
 * rejection keeps the live text and tells the seller why.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogVersion } from '../../../../lambdas/catalog/repo';
import type { PendingMvpList } from '../../../../contract/admin-mvps';
import type { MvpDetail } from '../../../../contract/catalog';
import { MVP_MESSAGES, type MvpWriteResult } from '../../../../contract/templates';
import { MvpEntity } from '../../../../lambdas/shared/db/entities/mvp';
import type { HttpMethod } from '../../../../contract/routes';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { templateFormFields } from '../../../fixtures/mvps';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';

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

const stored = async (id: string) => (await MvpEntity.get({ id }).go({ consistent: true })).data!;

const editTitle = (id: string, title: string) =>
  call<MvpWriteResult>('PATCH', `/api/mvps/${id}`, seller, {
    fields: templateFormFields({ title, tagline: 'Live tagline' }),
    version_number: '1.0.0',
  });

describe('held edits of a live template (PUBLISH_MODE=moderate)', () => {
  it('keep the live text until an admin approves, then apply with the catalog record', async () => {
    const mvp = await seedTemplate(seller.sub, { title: 'Live Title', tagline: 'Live tagline' });
    const catalogBefore = (await getCatalogVersion()).version;
    const edited = await editTitle(mvp.id, 'Renamed Title');
    expect(edited.status).toBe(200);
    expect(edited.body.message).toBe(MVP_MESSAGES.editHeld);
    expect(edited.body.mvp).toMatchObject({
      title: 'Live Title',
      pending_edit: { status: 'pending_review', reason: null },
    });
    expect(edited.body.mvp.pending_edit?.changed).toContain('title');
    expect((await stored(mvp.id)).title).toBe('Live Title');
    expect((await getCatalogVersion()).version).toBe(catalogBefore);
    const page = await call<MvpDetail>('GET', `/api/mvps/${mvp.id}`, null);
    expect(page.body.title).toBe('Live Title');

    const queue = await call<PendingMvpList>('GET', '/api/admin/mvps', admin);
    const row = queue.body.items.find((item) => item.id === mvp.id);
    expect(row?.edit_fields).toContain('title');

    const approved = await call<MvpWriteResult>('POST', `/api/admin/mvps/${mvp.id}/approve`, admin);
    expect(approved.status).toBe(200);
    const after = await stored(mvp.id);
    expect(after.title).toBe('Renamed Title');
    expect(after.pending_edit).toBeUndefined();
    expect(after.pending_edit_status).toBeUndefined();
    expect((await getCatalogVersion()).version).toBe(catalogBefore + 1);
    expect((await call<MvpDetail>('GET', `/api/mvps/${mvp.id}`, null)).body.title).toBe(
      'Renamed Title',
    );
  });

  it('a rejection keeps the live text and gives the seller the reason', async () => {
    const mvp = await seedTemplate(seller.sub, { title: 'Kept Title', tagline: 'Live tagline' });
    await editTitle(mvp.id, 'Shouty TITLE!!!');
    const rejected = await call<MvpWriteResult>('POST', `/api/admin/mvps/${mvp.id}/reject`, admin, {
      reason: 'Please keep the title plain.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.mvp).toMatchObject({
      title: 'Kept Title',
      status: 'approved',
      pending_edit: { status: 'rejected', reason: 'Please keep the title plain.' },
    });
    expect((await stored(mvp.id)).title).toBe('Kept Title');
    // Nothing waits any more: a second decision is refused.
    expect((await call('POST', `/api/admin/mvps/${mvp.id}/approve`, admin)).status).toBe(409);
  });
});
