/**
 * New versions of a live template, through the real writers: the seller's routes, the processing
 * state machine run by the local runner, the admin's decisions and the public catalog. The live
 * version stays listed, on its page and downloadable while a newer one is processed and reviewed;
 * it switches only on approval, in one transaction with the catalog version.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getCatalogVersion } from '../../../../lambdas/catalog/repo';
import {
  setWorkflowRunner,
  type WorkflowInput,
} from '../../../../lambdas/shared/adapters/workflow';
import type { PendingTemplateList } from '../../../../contract/admin-templates';
import type { TemplateDetail, TemplateVersionList } from '../../../../contract/catalog';
import type { DownloadResult } from '../../../../contract/downloads';
import type { ManagedTemplate, TemplateWriteResult } from '../../../../contract/templates';
import type { UploadGrant } from '../../../../contract/uploads';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { DeploymentEntity } from '../../../../lambdas/shared/db/entities/deployment';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import type { HttpMethod } from '../../../../contract/routes';
import { publishProcessedVersion } from '../../../../lambdas/templates/transitions';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { badArchives } from '../../../fixtures/archives/bad-archives';
import { cleanTemplates } from '../../../fixtures/archives/clean-templates';
import { zipOf } from '../../../fixtures/archives/writers';
import { dispatch } from '../../../fixtures/dispatch';
import { templateFormFields } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });
/** Executions are held until `settle()`, so what buyers see during processing can be checked. */
const held: { input: WorkflowInput; run: () => Promise<void> }[] = [];
beforeAll(() =>
  setWorkflowRunner({
    start: async (...args) => {
      held.push({ input: args[1], run: () => runner.start(...args) });
    },
  }),
);
afterAll(() => setWorkflowRunner(undefined));

const settle = async () => {
  for (const { run } of held.splice(0)) await run();
  await Promise.all([...runner.running]);
};

const person = (name: string) => {
  const sub = `${name}-${randomUUID()}`;
  return { sub, claims: idTokenClaims({ sub, email: `${sub}@example.com` }) };
};
const seller = person('seller');
const buyer = person('buyer');
const admin = person('admin');

beforeAll(async () => {
  await putProfile({ id: seller.sub, role: 'seller', is_seller_approved: true });
  await putProfile({ id: buyer.sub, role: 'buyer', download_quota: 15, downloads_remaining: 15 });
  await putProfile({ id: admin.sub, role: 'admin' });
});

const call = async <T>(
  method: HttpMethod,
  path: string,
  as: { claims: Record<string, string> } | null = seller,
  body?: unknown,
) => {
  const result = await dispatch(
    apiEvent({ method, path, body, claims: as?.claims }),
    lambdaContext('templates'),
  );
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4]);

const putFile = async (
  target: { url: string; headers: Record<string, string> },
  bytes: Uint8Array,
) =>
  expect(
    (await fetch(target.url, { method: 'PUT', headers: target.headers, body: Buffer.from(bytes) }))
      .status,
  ).toBe(200);

const upload = async (bytes: Uint8Array, fileName: string, withImage = false) => {
  const image = { fileName: 'shot.png', size: PNG.length, contentType: 'image/png' };
  const grant = await call<UploadGrant>('POST', '/api/uploads', seller, {
    bundle: { fileName, size: bytes.length, contentType: 'application/zip' },
    images: withImage ? [image] : [],
  });
  expect(grant.status).toBe(201);
  await putFile(grant.body.bundle!, bytes);
  for (const signed of grant.body.images) await putFile(signed, PNG);
  return {
    uploadId: grant.body.uploadId,
    bundle: {
      key: grant.body.bundle!.key,
      fileName,
      size: bytes.length,
      contentType: 'application/zip',
    },
    images: grant.body.images.map((signed) => ({ ...image, key: signed.key })),
  };
};

const clean = () => zipOf(cleanTemplates['react-vite-app']!);

/** A template registered, processed and published (auto mode): live at 1.0.0. */
const liveTemplate = async (title: string): Promise<TemplateWriteResult['mvp']> => {
  const files = await upload(clean(), 'starter.zip', true);
  const result = await call<TemplateWriteResult>('POST', '/api/mvps', seller, {
    uploadId: files.uploadId,
    fields: templateFormFields({ title, tagline: 'Versioned', description: 'Versions over time.' }),
    bundle: files.bundle,
    images: files.images,
  });
  expect(result.status).toBe(201);
  await settle();
  const stored = (await TemplateEntity.get({ id: result.body.mvp.id }).go({ consistent: true }))
    .data!;
  expect(stored.status).toBe('approved');
  return result.body.mvp;
};

const newVersion = async (
  templateId: string,
  bytes: Uint8Array,
  number: string,
  changelog: string,
) => {
  const files = await upload(bytes, `v${number}.zip`);
  const result = await call<TemplateWriteResult>(
    'POST',
    `/api/mvps/${templateId}/versions`,
    seller,
    {
      uploadId: files.uploadId,
      version_number: number,
      changelog,
      bundle: files.bundle,
    },
  );
  expect(result.status).toBe(201);
  return result.body.mvp;
};

const stored = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data!;

const detail = (id: string) => call<TemplateDetail>('GET', `/api/mvps/${id}`, null);
const history = async (id: string) =>
  (await call<TemplateVersionList>('GET', `/api/mvps/${id}/versions`, null)).body.items.map(
    (entry) => entry.version_number,
  );
const download = (id: string) => call<DownloadResult>('POST', `/api/mvps/${id}/download`, buyer);

describe('a new version of a live template', () => {
  it('keeps the live one listed and downloadable while it is processed, and after its scan fails', async () => {
    const template = await liveTemplate('Steady Kit');
    const live = await stored(template.id);
    const catalogBefore = (await getCatalogVersion()).version;

    const pending = await newVersion(
      template.id,
      await badArchives['private-key']!.build(),
      '1.1.0',
      'Adds a deploy script',
    );
    expect(pending).toMatchObject({
      status: 'approved',
      version_number: '1.0.0',
      pending_version: { version_number: '1.1.0', status: 'processing' },
    });
    // While it is scanned: listed, on its page at 1.0.0, downloadable.
    const during = await detail(template.id);
    expect(during.status).toBe(200);
    expect(during.body.version_number).toBe('1.0.0');
    expect((await download(template.id)).status).toBe(200);

    await settle();
    const after = await stored(template.id);
    expect(after).toMatchObject({
      status: 'approved',
      version_number: '1.0.0',
      file_key: live.file_key,
      ipfs_hash: live.ipfs_hash,
      pending_version: { version_number: '1.1.0', status: 'scan_failed' },
    });
    expect(after.pending_version?.error).toMatch(/Security scan failed/);
    // The seller is told the live version stays.
    const told = await NotificationEntity.query.byUser({ user_id: seller.sub }).go();
    expect(
      told.data.some((notice) =>
        notice.message.includes('(version 1.1.0) was rejected. Security scan failed'),
      ),
    ).toBe(true);
    expect(
      told.data.some((notice) =>
        notice.message.endsWith('The live version 1.0.0 stays published.'),
      ),
    ).toBe(true);
    const rows = await TemplateVersionEntity.query.byMvp({ mvp_id: template.id }).go();
    expect(rows.data.find((row) => row.version_number === '1.1.0')?.status).toBe('scan_failed');
    // Still public and downloadable at the live version; the failed one is not in the history.
    expect((await detail(template.id)).body.version_number).toBe('1.0.0');
    const served = await download(template.id);
    expect(served.status).toBe(200);
    expect(served.body.url).toContain(encodeURIComponent(live.file_key!).replace(/%2F/g, '/'));
    expect(await history(template.id)).toEqual(['1.0.0']);
    expect((await getCatalogVersion()).version).toBe(catalogBefore);

    // The seller's My MVPs shows both.
    const mine = await call<{ items: ManagedTemplate[] }>('GET', '/api/my/mvps');
    expect(mine.body.items.find((item) => item.id === template.id)).toMatchObject({
      version_number: '1.0.0',
      pending_version: { version_number: '1.1.0', status: 'scan_failed' },
    });

    // A fixed version (the failed number may be used again) goes live in one transaction with the
    // catalog's change record.
    await newVersion(
      template.id,
      zipOf(cleanTemplates['node-api']!),
      '1.1.0',
      'Adds a deploy script, without the key',
    );
    expect((await stored(template.id)).version_number).toBe('1.0.0');
    await settle();
    const switched = await stored(template.id);
    expect(switched).toMatchObject({
      status: 'approved',
      version_number: '1.1.0',
      changelog: 'Adds a deploy script, without the key',
      previous_ipfs_hash: live.ipfs_hash,
    });
    expect(switched.file_key).not.toBe(live.file_key);
    expect(switched.pending_version).toBeUndefined();
    expect(switched.pending_version_id).toBeUndefined();
    expect((await getCatalogVersion()).version).toBe(catalogBefore + 1);
    expect(await history(template.id)).toEqual(['1.1.0', '1.0.0']);
    const versions = await call<TemplateVersionList>(
      'GET',
      `/api/mvps/${template.id}/versions`,
      null,
    );
    expect(versions.body.items[0]!.changelog).toBe('Adds a deploy script, without the key');
  });

  it('waits for the admin in moderation: approval switches live with the catalog record and the audit entry', async () => {
    const template = await liveTemplate('Moderated Kit');
    const live = await stored(template.id);
    // A buyer deployed the live version: they hear of 2.0.0 when it goes live, not on upload.
    const now = new Date().toISOString();
    await DeploymentEntity.create({
      id: randomUUID(),
      user_id: buyer.sub,
      mvp_id: template.id,
      repo_name: 'moderated-kit',
      status: 'completed',
      version_number: '1.0.0',
      mvp_title: template.title,
      mvp_slug: template.slug,
      created_at: now,
      updated_at: now,
    }).go();
    const upgradeNotices = async () =>
      (await NotificationEntity.query.byUser({ user_id: buyer.sub }).go()).data.filter(
        (notice) => notice.type === 'upgrade_available' && notice.message.includes('Moderated Kit'),
      ).length;
    await newVersion(template.id, clean(), '2.0.0', 'A new dashboard');
    expect(await upgradeNotices()).toBe(0);
    const started = held.splice(0).map((entry) => entry.input);
    expect(started).toHaveLength(1);
    const input = started[0] as { mvpId: string; versionId: string; fileKey: string };

    // The pipeline's clean result in PUBLISH_MODE=moderate: the version waits, the live one stays.
    const outcome = await publishProcessedVersion({
      ...input,
      cid: 'bafynewversion',
      moderate: true,
      notification: (item, number) => ({
        userId: item.seller_id,
        type: 'mvp_approved',
        message: `${item.title} ${number}`,
        link: '/my-mvps',
      }),
      now: new Date().toISOString(),
    });
    expect(outcome).toBe('applied');
    expect(await upgradeNotices()).toBe(0);
    expect(await stored(template.id)).toMatchObject({
      version_number: '1.0.0',
      file_key: live.file_key,
      pending_version: { version_number: '2.0.0', status: 'pending_review' },
    });

    // The admin queue shows it beside the live version.
    const queue = await call<PendingTemplateList>('GET', '/api/admin/mvps', admin);
    expect(queue.status).toBe(200);
    expect(queue.body.items.find((item) => item.id === template.id)).toMatchObject({
      version_number: '2.0.0',
      live_version_number: '1.0.0',
      status: 'pending_review',
    });

    const catalogBefore = (await getCatalogVersion()).version;
    const approved = await call<TemplateWriteResult>(
      'POST',
      `/api/admin/mvps/${template.id}/approve`,
      admin,
    );
    expect(approved.status).toBe(200);
    expect(await upgradeNotices()).toBe(1);
    const switched = await stored(template.id);
    expect(switched).toMatchObject({
      status: 'approved',
      version_number: '2.0.0',
      file_key: input.fileKey,
      ipfs_hash: 'bafynewversion',
      previous_ipfs_hash: live.ipfs_hash,
    });
    expect(switched.pending_version_id).toBeUndefined();
    expect((await getCatalogVersion()).version).toBe(catalogBefore + 1);
    const row = (await TemplateVersionEntity.get({ mvp_id: template.id, id: input.versionId }).go())
      .data!;
    expect(row).toMatchObject({ status: 'approved', ipfs_hash: 'bafynewversion' });
    expect(row.decided_at).toBeDefined();
    const audit = await AuditEntryEntity.query.byTime({}).go({ order: 'desc', limit: 20 });
    expect(
      audit.data.some(
        (entry) => entry.target_id === template.id && entry.action === 'mvp.version.approve',
      ),
    ).toBe(true);
    // Decided: a second approval finds nothing waiting.
    expect((await call('POST', `/api/admin/mvps/${template.id}/approve`, admin)).status).toBe(409);
  });

  it('an admin rejection marks only the version, with the reason the seller reads', async () => {
    const template = await liveTemplate('Rejected Next Kit');
    await newVersion(template.id, clean(), '1.0.1', 'Small fix');
    const [entry] = held.splice(0);
    const input = entry!.input as { mvpId: string; versionId: string; fileKey: string };
    await publishProcessedVersion({
      ...input,
      cid: 'bafyfix',
      moderate: true,
      notification: (item) => ({ userId: item.seller_id, type: 'mvp_approved', message: 'x' }),
      now: new Date().toISOString(),
    });
    const rejected = await call<TemplateWriteResult>(
      'POST',
      `/api/admin/mvps/${template.id}/reject`,
      admin,
      {
        reason: 'The README is missing.',
      },
    );
    expect(rejected.status).toBe(200);
    expect(rejected.body.mvp).toMatchObject({
      status: 'approved',
      version_number: '1.0.0',
      pending_version: {
        version_number: '1.0.1',
        status: 'rejected',
        error: 'The README is missing.',
      },
    });
    expect((await detail(template.id)).status).toBe(200);
    expect(await history(template.id)).toEqual(['1.0.0']);
  });

  it('a stale processing run of a withdrawn version changes nothing', async () => {
    const template = await liveTemplate('Withdrawn Kit');
    await newVersion(template.id, clean(), '1.5.0', 'Big change');
    const pending = (await stored(template.id)).pending_version!;
    const withdrawn = await call<TemplateWriteResult>(
      'POST',
      `/api/mvps/${template.id}/versions/${pending.id}/withdraw`,
    );
    expect(withdrawn.status).toBe(200);
    await settle();
    const after = await stored(template.id);
    expect(after).toMatchObject({ status: 'approved', version_number: '1.0.0' });
    expect(after.pending_version).toBeUndefined();
    const row = (await TemplateVersionEntity.get({ mvp_id: template.id, id: pending.id }).go())
      .data!;
    expect(row.status).toBe('withdrawn');
  });
});
