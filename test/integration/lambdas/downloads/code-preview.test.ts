/**
 * The code preview end to end on the emulators: the processing state machine scans
 * zip, tar.gz and RAR bundles and writes each one's manifest and pack under `manifests/`; the
 * downloads Lambda lists the files (with the README and package manifest) for everyone and reads a
 * text file by range only for callers who may download the template, spending no quota.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../../lambdas/downloads/index';
import { startProcessing } from '../../../../lambdas/templates/processing-start';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import {
  CODE_PREVIEW_MESSAGES,
  type BundleFileContent,
  type BundleFiles,
} from '../../../../contract/downloads';
import type { ApiErrorBody } from '../../../../contract/errors';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { SubscriptionEntity } from '../../../../lambdas/shared/db/entities/subscription';
import {
  bundleManifestSchema,
  manifestKeysOf,
} from '../../../../lambdas/shared/storage/bundle-manifest';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { pseudoRandomBytes } from '../../../fixtures/archives/clean-templates';
import { rarOf } from '../../../fixtures/archives/rar-writer';
import { tarGzOf, zipOf, type FileTree } from '../../../fixtures/archives/writers';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem, templateWithFile } from '../../../fixtures/template-fixtures';
import { putOrder, templateOrder } from '../../../fixtures/orders';
import { putProfile, entitlementOf } from '../../../fixtures/profiles';
import { subscriptionItem } from '../../../fixtures/subscriptions';
import { localCloud } from '../../../fixtures/users';

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });
const s3 = () => createS3Client(localCloud().s3Endpoint);
const bucket = () => process.env.MVP_FILES_BUCKET!;

const README = '# Preview Kit\n\nA starter with a **README** and [docs](https://example.com).\n';
const PACKAGE_JSON = '{\n  "name": "preview-kit",\n  "private": true\n}\n';
const APP = 'export const greet = (name: string) => `Hello, ${name}`;\n';
const tree: FileTree = {
  'preview-kit/README.md': README,
  'preview-kit/package.json': PACKAGE_JSON,
  'preview-kit/src/app.ts': APP,
  'preview-kit/public/logo.png': pseudoRandomBytes('logo', 200),
};

interface Uploaded {
  mvpId: string;
  versionId: string;
  fileKey: string;
  sellerId: string;
}

/** What the seller domain does before calling startProcessing: object, MVP, version. */
const upload = async (
  bytes: Uint8Array,
  fileName: string,
  overrides: Parameters<typeof templateItem>[0] = {},
): Promise<Uploaded> => {
  const sellerId = `seller-${randomUUID()}`;
  await putProfile({ id: sellerId, role: 'seller', is_seller_approved: true });
  const template = templateItem({
    seller_id: sellerId,
    status: 'pending_review',
    published_at: undefined,
    version_number: '1.0.0',
    ...overrides,
  });
  const versionId = ulid();
  const fileKey = `mvps/${sellerId}/${template.id}/${versionId}/${fileName}`;
  await s3().send(new PutObjectCommand({ Bucket: bucket(), Key: fileKey, Body: bytes }));
  await TemplateEntity.create({
    ...template,
    file_key: fileKey,
    file_size: bytes.length,
    original_file_name: fileName,
  }).go();
  await TemplateVersionEntity.create({
    mvp_id: template.id,
    id: versionId,
    version_number: '1.0.0',
    file_key: fileKey,
    file_size: bytes.length,
    original_file_name: fileName,
    source: 'upload',
    uploaded_at: new Date().toISOString(),
  }).go();
  await startProcessing({ mvpId: template.id, versionId, fileKey });
  return { mvpId: template.id, versionId, fileKey, sellerId };
};

const claimsOf = (sub: string) => idTokenClaims({ sub, email: `${sub}@example.com` });

const listFiles = (templateId: string) =>
  handler(apiEvent({ path: `/api/mvps/${templateId}/files` }), lambdaContext('downloads'));

const readFile = (templateId: string, path: string, sub: string | null) =>
  handler(
    apiEvent({
      path: `/api/mvps/${templateId}/files/content`,
      query: { path },
      ...(sub ? { claims: claimsOf(sub) } : {}),
    }),
    lambdaContext('downloads'),
  );

const objectText = async (key: string): Promise<string> => {
  const result = await s3().send(new GetObjectCommand({ Bucket: bucket(), Key: key }));
  return (await result.Body!.transformToString('utf8')) ?? '';
};

let zip: Uploaded;
let tarGz: Uploaded;
let rar: Uploaded;

beforeAll(async () => {
  setWorkflowRunner(runner);
  [zip, tarGz, rar] = await Promise.all([
    upload(zipOf(tree), 'kit.zip'),
    upload(await tarGzOf(tree), 'kit.tar.gz', {
      access_tier: 'one_time_sale',
      price: 19,
    }),
    upload(rarOf(tree), 'kit.rar'),
  ]);
  await Promise.all([...runner.running]);
}, 60_000);

afterAll(() => setWorkflowRunner(undefined));

describe('the pipeline records the preview', () => {
  it('approves the three bundles and writes a manifest and a pack for each', async () => {
    for (const [format, uploaded] of [
      ['zip', zip],
      ['tar.gz', tarGz],
      ['rar', rar],
    ] as const) {
      const template = (await TemplateEntity.get({ id: uploaded.mvpId }).go({ consistent: true }))
        .data!;
      expect(template.status, `${format}: ${template.last_processing_error}`).toBe('approved');
      const keys = manifestKeysOf(uploaded.fileKey);
      expect(keys.manifest.startsWith('manifests/mvps/')).toBe(true);
      const manifest = bundleManifestSchema.parse(JSON.parse(await objectText(keys.manifest)));
      expect(manifest.format).toBe(format);
      expect(manifest.files.map((file) => [file.path, file.kind])).toEqual([
        ['preview-kit/README.md', 'text'],
        ['preview-kit/package.json', 'text'],
        ['preview-kit/public/logo.png', 'binary'],
        ['preview-kit/src/app.ts', 'text'],
      ]);
      const pack = await objectText(keys.pack);
      expect(pack).toContain(APP);
      expect(pack.length).toBe(manifest.packBytes);
    }
  });
});

describe('GET /api/mvps/{id}/files (public)', () => {
  it('lists every file with the README and package.json inline, for zip, tar.gz and RAR', async () => {
    for (const uploaded of [zip, tarGz, rar]) {
      const answer = await listFiles(uploaded.mvpId);
      expect(answer.statusCode).toBe(200);
      const body = jsonBody<BundleFiles>(answer);
      expect(body).toMatchObject({
        total_entries: 4,
        truncated: false,
        previewable: true,
        readme: { path: 'preview-kit/README.md', content: README, truncated: false },
        package_manifest: {
          path: 'preview-kit/package.json',
          content: PACKAGE_JSON,
          truncated: false,
        },
      });
      expect(body.files).toContainEqual({
        path: 'preview-kit/public/logo.png',
        size: 200,
        kind: 'binary',
      });
      // Other files' contents are not in the public answer.
      expect(JSON.stringify(body)).not.toContain('Hello, ');
    }
  });

  it('lists an older zip without a manifest from its directory, without contents', async () => {
    const old = templateWithFile({ seller_id: `seller-${randomUUID()}` });
    await s3().send(
      new PutObjectCommand({ Bucket: bucket(), Key: old.file_key, Body: zipOf(tree) }),
    );
    await TemplateEntity.create(old).go();
    const body = jsonBody<BundleFiles>(await listFiles(old.id));
    expect(body).toMatchObject({ previewable: false, readme: null, package_manifest: null });
    expect(body.files).toContainEqual({
      path: 'preview-kit/src/app.ts',
      size: APP.length,
      kind: null,
    });

    const owner = await readFile(old.id, 'preview-kit/src/app.ts', old.seller_id);
    expect(owner.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(owner).message).toBe(CODE_PREVIEW_MESSAGES.notReady);
  });

  it('says "not available yet" for an older tar.gz without a manifest', async () => {
    const old = templateWithFile({ seller_id: `seller-${randomUUID()}` });
    const fileKey = old.file_key!.replace(/\.zip$/, '.tar.gz');
    await TemplateEntity.create({ ...old, file_key: fileKey }).go();
    const answer = await listFiles(old.id);
    expect(answer.statusCode).toBe(409);
    expect(jsonBody<ApiErrorBody>(answer).message).toBe(CODE_PREVIEW_MESSAGES.notReady);
  });
});

describe('GET /api/mvps/{id}/files/content', () => {
  it('refuses anonymous callers (401), saying nothing of the file', async () => {
    const answer = await readFile(zip.mvpId, 'preview-kit/src/app.ts', null);
    expect(answer.statusCode).toBe(401);
    expect(answer.body).not.toContain('greet');
  });

  it('refuses a signed-in buyer who may not download the template (403, nothing said)', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer, download_quota: 5, downloads_remaining: 5 });
    for (const path of ['preview-kit/src/app.ts', 'no/such/file.ts']) {
      const answer = await readFile(zip.mvpId, path, buyer);
      expect(answer.statusCode).toBe(403);
      expect(jsonBody<ApiErrorBody>(answer).message).toBe(CODE_PREVIEW_MESSAGES.notEntitled);
    }
    // A one-time sale is not read without its order, even by a subscriber.
    await SubscriptionEntity.create(subscriptionItem(buyer)).go();
    expect((await readFile(tarGz.mvpId, 'preview-kit/src/app.ts', buyer)).statusCode).toBe(403);
  });

  it('lets a subscriber read a text file from zip and RAR bundles, spending no quota', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer, download_quota: 5, downloads_remaining: 5 });
    await SubscriptionEntity.create(subscriptionItem(buyer)).go();
    const before = await entitlementOf(buyer);
    for (const uploaded of [zip, rar]) {
      const answer = await readFile(uploaded.mvpId, 'preview-kit/src/app.ts', buyer);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(jsonBody<BundleFileContent>(answer)).toEqual({
        path: 'preview-kit/src/app.ts',
        size: APP.length,
        content: APP,
        truncated: false,
      });
    }
    const after = await entitlementOf(buyer);
    expect(after.downloads_remaining).toBe(before.downloads_remaining);
    expect(after.updated_at).toBe(before.updated_at);
    expect(
      (await DownloadEntity.query.byUser({ user_id: buyer }).go({ pages: 'all' })).data,
    ).toEqual([]);
  });

  it('lets the buyer of a one-time sale, the owner and an admin read', async () => {
    const buyer = `buyer-${randomUUID()}`;
    await putProfile({ id: buyer });
    const template = (await TemplateEntity.get({ id: tarGz.mvpId }).go()).data!;
    await putOrder(templateOrder(buyer, template, 1_900));
    const admin = `admin-${randomUUID()}`;
    await putProfile({ id: admin, role: 'admin' });
    for (const caller of [buyer, tarGz.sellerId, admin]) {
      const answer = await readFile(tarGz.mvpId, 'preview-kit/README.md', caller);
      expect(answer.statusCode, `${caller}: ${answer.body}`).toBe(200);
      expect(jsonBody<BundleFileContent>(answer).content).toBe(README);
    }
  });

  it('says a binary file cannot be previewed and an unknown path is not there', async () => {
    const binary = await readFile(rar.mvpId, 'preview-kit/public/logo.png', rar.sellerId);
    expect(binary.statusCode).toBe(422);
    expect(jsonBody<ApiErrorBody>(binary).message).toBe(CODE_PREVIEW_MESSAGES.binary);
    const unknown = await readFile(rar.mvpId, 'preview-kit/src/missing.ts', rar.sellerId);
    expect(unknown.statusCode).toBe(404);
    expect(jsonBody<ApiErrorBody>(unknown).message).toBe(CODE_PREVIEW_MESSAGES.unknownPath);
    const empty = await readFile(rar.mvpId, '', rar.sellerId);
    expect(empty.statusCode).toBe(400);
  });
});
