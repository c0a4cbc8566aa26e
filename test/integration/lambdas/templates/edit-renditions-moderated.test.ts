/**
 * PUBLISH_MODE=moderate: an edit replacing a live template's preview is held, and its renditions
 * are made once an admin approves it (the processing state machine's RenditionsOnly branch, run
 * in process), not before: buyers keep the live preview and its renditions meanwhile.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renditionKey, type TemplateDetail } from '../../../../contract/catalog';
import type { TemplateWriteResult } from '../../../../contract/templates';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { idTokenClaims } from '../../../fixtures/api-event';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import {
  liveTemplateWithPreviews,
  previewExists as exists,
  renditionUrlsExist,
  templatesCaller,
  uploadPreview as uploadPreviewAs,
} from '../../../fixtures/preview-renditions';
import { putProfile } from '../../../fixtures/profiles';
import { templateFormFields } from '../../../fixtures/template-fixtures';

// Read once, at the first request of this file's modules: every write here is moderated. The
// worker's environment is given back afterwards, so files run after this one publish as usual.
const publishModeBefore = process.env.PUBLISH_MODE;
process.env.PUBLISH_MODE = 'moderate';
afterAll(() => {
  if (publishModeBefore === undefined) delete process.env.PUBLISH_MODE;
  else process.env.PUBLISH_MODE = publishModeBefore;
});

const { settled } = useLocalWorkflows();

const sub = `seller-${randomUUID()}`;
const call = templatesCaller(idTokenClaims({ sub, email: `${sub}@example.com` }));
const adminSub = `admin-${randomUUID()}`;
const admin = idTokenClaims({ sub: adminSub, email: `${adminSub}@example.com` });
const liveTemplate = (names: string[], rendered: boolean) =>
  liveTemplateWithPreviews(sub, names, rendered);
const uploadPreview = () => uploadPreviewAs(call);

beforeAll(async () => {
  await putProfile({ id: sub, role: 'seller', is_seller_approved: true });
  await putProfile({ id: adminSub, role: 'admin' });
});

/** The detail page of a template, as buyers get it. */
const detailOf = async (id: string) => (await call<TemplateDetail>('GET', `/api/mvps/${id}`)).body;

describe('renditions of a held edit of the previews (PUBLISH_MODE=moderate)', () => {
  it('are made once the edit is approved, not while it is held', async () => {
    const { template, keys } = await liveTemplate(['live.png'], true);
    const [liveKey] = keys as [string];
    const of = (key: string) => ({
      w400: `/${renditionKey(key, 400)}`,
      w1200: `/${renditionKey(key, 1200)}`,
    });
    const edited = await call<TemplateWriteResult>('PATCH', `/api/mvps/${template.id}`, {
      fields: templateFormFields({ title: template.title, tagline: template.tagline }),
      version_number: template.version_number,
      ...(await uploadPreview()),
    });
    expect(edited.status).toBe(200);
    await settled();
    // Held: buyers keep the live preview with its renditions, and nothing was made for the new one.
    expect((await detailOf(template.id)).preview_renditions).toEqual([of(liveKey)]);
    const held = (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data!;
    const [heldKey] = held.pending_edit?.set.preview_image_keys as [string];
    expect(await exists(renditionKey(heldKey, 400))).toBe(false);

    const approved = await call<TemplateWriteResult>(
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
      { edit_at: edited.body.mvp.pending_edit?.at },
      admin,
    );
    expect(approved.status).toBe(200);
    await settled();
    const detail = await detailOf(template.id);
    expect(detail.preview_renditions).toEqual([of(heldKey)]);
    await renditionUrlsExist(detail);
    expect(JSON.stringify(detail)).not.toContain(liveKey);
  });
});
