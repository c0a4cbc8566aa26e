/**
 * The `mvps` status Counter (docs/data-model.md, section 3.17) through the real writers: the seller Lambda
 * (registration M2, new version M3, retry and archive M5) and the processing state machine run by
 * the local runner (publish and scan failure, M5). This file's table is fresh, so after each step
 * every status bucket must hold exactly the number of templates in that status.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch as handler } from '../../../fixtures/dispatch';
import { getApprovedTemplateCount } from '../../../../lambdas/stats/repo';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import type { TemplateStatus } from '../../../../contract/catalog';
import type { TemplateWriteResult } from '../../../../contract/templates';
import type { UploadGrant } from '../../../../contract/uploads';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { getStatusCounts as getMvpStatusCounts } from '../../../../lambdas/templates/repo';
import type { HttpMethod } from '../../../../contract/routes';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { badArchives } from '../../../fixtures/archives/bad-archives';
import { cleanTemplates } from '../../../fixtures/archives/clean-templates';
import { zipOf } from '../../../fixtures/archives/writers';
import { templateFormFields } from '../../../fixtures/template-fixtures';
import { putProfile } from '../../../fixtures/profiles';

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });
/** Executions are held until `settle()`, so the counts between a write and its processing are seen. */
const held: (() => Promise<void>)[] = [];
beforeAll(() =>
  setWorkflowRunner({
    start: async (...args) => {
      held.push(() => runner.start(...args));
    },
  }),
);
afterAll(() => setWorkflowRunner(undefined));

const settle = async () => {
  for (const start of held.splice(0)) await start();
  await Promise.all([...runner.running]);
};

const sub = `seller-${randomUUID()}`;
const claims = idTokenClaims({ sub, email: `${sub}@example.com` });

beforeAll(async () => {
  await putProfile({ id: sub, role: 'seller', is_seller_approved: true });
});

const call = async <T>(method: HttpMethod, path: string, body?: unknown) => {
  const result = await handler(
    apiEvent({ method, path, body, claims }),
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

/**
 * Grant, PUT as the browser does, and return the files as registration restates them (a first
 * upload needs a preview image; a version takes the bundle only).
 */
const upload = async (bytes: Uint8Array, fileName: string, withImage = false) => {
  const image = { fileName: 'shot.png', size: PNG.length, contentType: 'image/png' };
  const grant = await call<UploadGrant>('POST', '/api/uploads', {
    bundle: { fileName, size: bytes.length, contentType: 'application/zip' },
    images: withImage ? [image] : [],
  });
  expect(grant.status).toBe(201);
  const target = grant.body.bundle!;
  await putFile(target, bytes);
  for (const signed of grant.body.images) await putFile(signed, PNG);
  return {
    uploadId: grant.body.uploadId,
    bundle: { key: target.key, fileName, size: bytes.length, contentType: 'application/zip' },
    images: grant.body.images.map((signed) => ({ ...image, key: signed.key })),
  };
};

const fields = (title: string) =>
  templateFormFields({
    title,
    tagline: 'Counted',
    description: 'A template whose status moves are counted.',
  });

const register = async (bytes: Uint8Array, title: string) => {
  const files = await upload(bytes, 'starter.zip', true);
  const result = await call<TemplateWriteResult>('POST', '/api/mvps', {
    uploadId: files.uploadId,
    fields: fields(title),
    bundle: files.bundle,
    images: files.images,
  });
  expect(result.status).toBe(201);
  return result.body.mvp.id;
};

const statusOf = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data!.status;

/** The counter with every status present (absent buckets are 0). */
const counts = async (): Promise<Partial<Record<TemplateStatus, number>>> => {
  const stored = await getMvpStatusCounts();
  return Object.fromEntries(Object.entries(stored).filter(([, value]) => value !== 0));
};

const clean = () => zipOf(cleanTemplates['react-vite-app']!);

describe('the mvps status counter', () => {
  it('is exact after create → approve → archive', async () => {
    expect(await counts()).toEqual({});
    const approvedBefore = await getApprovedTemplateCount();

    const id = await register(clean(), 'Counted Kit');
    // Registration (M2) counted the new template before processing moved it.
    expect(await counts()).toEqual({ pending_review: 1 });

    await settle();
    expect(await statusOf(id)).toBe('approved');
    expect(await counts()).toEqual({ approved: 1 });

    const archived = await call<{ message: string }>('DELETE', `/api/mvps/${id}`);
    expect(archived.status).toBe(200);
    expect(await counts()).toEqual({ archived: 1 });
    expect(await getApprovedTemplateCount()).toBe(approvedBefore);

    // A second archive is refused (404) and moves nothing.
    expect((await call('DELETE', `/api/mvps/${id}`)).status).toBe(404);
    expect(await counts()).toEqual({ archived: 1 });
  });

  it('follows scan failure, a refused retry and a fixed new version', async () => {
    const id = await register(await badArchives['private-key']!.build(), 'Leaky Kit');
    await settle();
    expect(await statusOf(id)).toBe('scan_failed');
    expect(await counts()).toEqual({ archived: 1, scan_failed: 1 });

    // A retry would scan the same file again: refused, and nothing moves.
    const retried = await call<TemplateWriteResult>('POST', `/api/mvps/${id}/retry`);
    expect(retried.status).toBe(409);
    await settle();
    expect(await statusOf(id)).toBe('scan_failed');
    expect(await counts()).toEqual({ archived: 1, scan_failed: 1 });

    // A clean new version (M3 from scan_failed) is processed and published.
    const files = await upload(clean(), 'starter-fixed.zip');
    const version = await call<TemplateWriteResult>('POST', `/api/mvps/${id}/versions`, {
      uploadId: files.uploadId,
      version_number: '1.0.1',
      changelog: 'Removed the committed key',
      bundle: files.bundle,
    });
    expect(version.status).toBe(201);
    expect(await counts()).toEqual({ archived: 1, pending_review: 1 });
    await settle();
    expect(await statusOf(id)).toBe('approved');
    expect(await counts()).toEqual({ archived: 1, approved: 1 });

    // A new version of an approved template keeps it approved: processed on its own version row.
    const next = await upload(clean(), 'starter-next.zip');
    await call<TemplateWriteResult>('POST', `/api/mvps/${id}/versions`, {
      uploadId: next.uploadId,
      version_number: '1.0.2',
      changelog: 'Docs',
      bundle: next.bundle,
    });
    expect(await counts()).toEqual({ archived: 1, approved: 1 });
    await settle();
    expect(await counts()).toEqual({ archived: 1, approved: 1 });
    expect((await TemplateEntity.get({ id }).go({ consistent: true })).data?.version_number).toBe(
      '1.0.2',
    );
  });
});
