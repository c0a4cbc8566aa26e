/**
 * PUBLISH_MODE=moderate: Add to gallery on a live template is held with the rest of its gallery,
 * as an edit of its images is; buyers keep the live gallery until an admin approves it, and the
 * approval removes none of the images the new gallery keeps.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PICTURE_MESSAGES } from '../../../../contract/build-pictures';
import type { AddPictureResult } from '../../../../contract/builds';
import { capturedGalleryFileName } from '../../../../contract/design/capture';
import type { TemplateWriteResult } from '../../../../contract/templates';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { idTokenClaims } from '../../../fixtures/api-event';
import { addBuildPictures } from '../../../fixtures/build-records';
import { useLocalWorkflows } from '../../../fixtures/local-workflows';
import {
  liveTemplateWithPreviews,
  previewExists,
  templatesCaller,
} from '../../../fixtures/preview-renditions';
import { putProfile } from '../../../fixtures/profiles';

// Read once, at the first request of this file's modules: every write here is moderated.
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

beforeAll(async () => {
  await putProfile({ id: sub, role: 'seller', is_seller_approved: true });
  await putProfile({ id: adminSub, role: 'admin' });
});

const stored = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data!;

describe('Add to gallery of a live template whose edits are reviewed', () => {
  it('is held with the live images, and the approval keeps them all', async () => {
    const { template, keys } = await liveTemplateWithPreviews(sub, ['live.png'], false);
    const { versionId } = await addBuildPictures(template.id);
    const key = `previews/mvps/${template.id}/${capturedGalleryFileName(versionId, 'desktop')}`;
    const path = `/api/mvps/${template.id}/build/screenshots/desktop/gallery`;

    const added = await call<AddPictureResult>('POST', path);
    expect(added.status).toBe(201);
    expect(added.body).toEqual({
      message: PICTURE_MESSAGES.held('Desktop'),
      added: true,
      held: true,
    });
    const held = await stored(template.id);
    // Buyers keep the live gallery; the held one is it and the picture.
    expect(held.preview_image_keys).toEqual(keys);
    expect(held.pending_edit_status).toBe('pending_review');
    expect(held.pending_edit?.set.preview_image_keys).toEqual([...keys, key]);
    // A second press finds it in the held gallery.
    const again = await call<AddPictureResult>('POST', path);
    expect(again.body).toMatchObject({ added: false, message: PICTURE_MESSAGES.alreadyAdded });

    const approved = await call<TemplateWriteResult>(
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
      { edit_at: held.pending_edit?.at },
      admin,
    );
    expect(approved.status).toBe(200);
    await settled();
    expect((await stored(template.id)).preview_image_keys).toEqual([...keys, key]);
    // The live image the new gallery keeps was not removed with the "replaced" set.
    for (const kept of [...keys, key]) expect(await previewExists(kept), kept).toBe(true);
  });
});
