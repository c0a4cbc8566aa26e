/**
 * Renditions of previews that arrive without a new version, against DynamoDB Local and s3rver with
 * the processing state machine run in process: an edit of a live template that replaces its
 * preview (real presigned PUTs) gets the new image's renditions from the machine's RenditionsOnly
 * branch, its card and detail use them once they exist (the original until then), and the
 * replaced image's are referenced no more; the backfill makes the renditions of templates
 * published without them, and a second run makes nothing.
 */
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  browseQuerySchema,
  renditionKey,
  type TemplateDetail,
  type TemplateSummary,
} from '../../../../contract/catalog';
import type { TemplateWriteResult } from '../../../../contract/templates';
import { listTemplates } from '../../../../lambdas/catalog/service';
import { backfillRenditions } from '../../../../lambdas/processing/tasks/backfill-renditions';
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
import { localCloud } from '../../../fixtures/users';

const { settled } = useLocalWorkflows();
const previews = () => process.env.PREVIEW_IMAGES_BUCKET!;

const sub = `seller-${randomUUID()}`;
const call = templatesCaller(idTokenClaims({ sub, email: `${sub}@example.com` }));
const liveTemplate = (names: string[], rendered: boolean) =>
  liveTemplateWithPreviews(sub, names, rendered);
const uploadPreview = () => uploadPreviewAs(call);

beforeAll(async () => {
  await putProfile({ id: sub, role: 'seller', is_seller_approved: true });
});

/** The card and the detail page of a template, as buyers get them. */
const shown = async (id: string) => {
  const detail = (await call<TemplateDetail>('GET', `/api/mvps/${id}`)).body;
  const browse = await listTemplates(browseQuerySchema.parse({}));
  const card = browse.items.find((item) => item.id === id) as TemplateSummary;
  return { detail, card };
};

describe('renditions of previews that come without a new version', () => {
  it("an edit replacing a live template's preview: its renditions are made and used, the old ones dropped", async () => {
    const { template, keys } = await liveTemplate(['old.png'], true);
    const [oldKey] = keys as [string];
    expect((await shown(template.id)).card.preview_renditions).toEqual([
      { w400: `/${renditionKey(oldKey, 400)}`, w1200: `/${renditionKey(oldKey, 1200)}` },
    ]);

    const edited = await call<TemplateWriteResult>('PATCH', `/api/mvps/${template.id}`, {
      fields: templateFormFields({ title: template.title, tagline: template.tagline }),
      version_number: template.version_number,
      ...(await uploadPreview()),
    });
    expect(edited.status).toBe(200);
    // Until the renditions exist, the page names none that does not: it shows the original.
    const meanwhile = (await call<TemplateDetail>('GET', `/api/mvps/${template.id}`)).body;
    await renditionUrlsExist(meanwhile);
    expect(JSON.stringify(meanwhile)).not.toContain(oldKey);

    await settled();
    const stored = (await TemplateEntity.get({ id: template.id }).go({ consistent: true })).data!;
    const [newKey] = stored.preview_image_keys as [string];
    expect(newKey).not.toBe(oldKey);
    expect(stored.preview_rendition_keys).toEqual([newKey]);
    const after = await shown(template.id);
    const renditions = [
      { w400: `/${renditionKey(newKey, 400)}`, w1200: `/${renditionKey(newKey, 1200)}` },
    ];
    expect(after.detail.preview_renditions).toEqual(renditions);
    // Browse caches check the catalog version at most once a second.
    const cardOf = async (id: string) => (await shown(id)).card;
    await expect
      .poll(async () => (await cardOf(template.id)).preview_renditions)
      .toEqual(renditions);
    await renditionUrlsExist(await cardOf(template.id));
    const { width } = await sharp(
      Buffer.from(
        await (
          await fetch(`${localCloud().s3Endpoint}/${previews()}/${renditionKey(newKey, 400)}`)
        ).arrayBuffer(),
      ),
    ).metadata();
    expect(width).toBe(400);
    // The replaced preview and its renditions are gone and named nowhere (the card read again:
    // `after`'s card may predate the browse cache's refresh the poll above waited for).
    expect(JSON.stringify(await shown(template.id))).not.toContain(oldKey);
    expect(await exists(renditionKey(oldKey, 400))).toBe(false);
  });

  it('the backfill makes the missing renditions of live templates, and a second run makes none', async () => {
    const missing = await liveTemplate(['a.png', 'b.svg', 'c.png'], false);
    const broken = await liveTemplate(['x.broken.png'], false);
    const done = await liveTemplate(['done.png'], true);
    expect((await shown(missing.template.id)).detail.preview_renditions).toBeUndefined();

    const first = await backfillRenditions();
    // The edited template of the test before has its renditions already: not worked on.
    expect(first).toEqual({ templates: 2, errors: 0, made: 2, kept: 0, failed: 1 });
    const [a, , c] = missing.keys as [string, string, string];
    const { detail } = await shown(missing.template.id);
    const of = (key: string) => ({
      w400: `/${renditionKey(key, 400)}`,
      w1200: `/${renditionKey(key, 1200)}`,
    });
    expect(detail.preview_renditions).toEqual([of(a), null, of(c)]);
    const cardOf = async (id: string) => (await shown(id)).card;
    // Browse caches check the catalog version at most once a second.
    await expect
      .poll(async () => (await cardOf(missing.template.id)).preview_renditions)
      .toEqual([of(a), null, of(c)]);
    await renditionUrlsExist(await cardOf(missing.template.id));
    await renditionUrlsExist(detail);
    expect((await shown(broken.template.id)).detail.preview_renditions).toBeUndefined();
    expect((await shown(done.template.id)).detail.preview_renditions).toEqual([of(done.keys[0]!)]);

    // Idempotent: only the undecodable image is tried again, and still left to its original.
    expect(await backfillRenditions()).toEqual({
      templates: 1,
      errors: 0,
      made: 0,
      kept: 0,
      failed: 1,
    });
    expect((await cardOf(missing.template.id)).preview_renditions).toEqual([of(a), null, of(c)]);
  });
});
