/**
 * The seller routes through the seller Lambda's handler, against DynamoDB Local and s3rver:
 * applications, presigned uploads (real PUTs to s3rver), registration with its object checks and
 * clean-up, versions, edits, retry, archive, and for every template route that a seller cannot
 * touch another seller's template while admin and both can.
 */
import { randomUUID } from 'node:crypto';
import { GetObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { dispatch as handler } from '../../../fixtures/dispatch';
import {
  setWorkflowRunner,
  type WorkflowInput,
} from '../../../../lambdas/shared/adapters/workflow';
import { getCatalogVersion } from '../../../../lambdas/catalog/repo';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  FILE_MESSAGES,
  SERVER_FILE_MESSAGES,
  type UploadGrant,
} from '../../../../contract/uploads';
import {
  TEMPLATE_FORM_MESSAGES as MVP_MESSAGES_FORM,
  TEMPLATE_MESSAGES,
  VERSION_MESSAGES,
  type ManagedTemplate,
  type TemplateWriteResult,
  type MyTemplatesResult,
  type WithdrawVersionResult,
} from '../../../../contract/templates';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { ProfileEntity } from '../../../../lambdas/shared/db/entities/profile';
import { SellerApplicationEntity } from '../../../../lambdas/shared/db/entities/seller-application';
import { s3 } from '../../../../lambdas/shared/storage/s3';
import type { HttpMethod } from '../../../../contract/routes';
import { apiEvent, idTokenClaims, lambdaContext } from '../../../fixtures/api-event';
import { callRoute, makeCaller, type Caller } from '../../../fixtures/callers';
import { templateItem, templateFormFields } from '../../../fixtures/template-fixtures';
import { seedTemplate, seedTemplateWithPendingVersion } from '../../../fixtures/template-items';
import { TransactionRefusedError } from '../../../../lambdas/shared/errors';

/** When set, the next registration's transaction is refused as DynamoDB would refuse it. */
const refuseNextCreate = vi.hoisted(() => ({ on: false }));
vi.mock('../../../../lambdas/templates/repo', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../../lambdas/templates/repo')>();
  return {
    ...original,
    createTemplate: async (...args: Parameters<typeof original.createTemplate>) => {
      if (refuseNextCreate.on) {
        refuseNextCreate.on = false;
        throw new TransactionRefusedError('statusCounter', 'TransactionConflict');
      }
      return original.createTemplate(...args);
    },
  };
});

const s3Client = async () => (await s3()).client;

const started: WorkflowInput[] = [];
beforeAll(() => {
  setWorkflowRunner({
    start: async (_workflow, input) => {
      started.push(input);
    },
  });
});
afterAll(() => setWorkflowRunner(undefined));
beforeEach(() => {
  started.length = 0;
});

const call = <T>(method: HttpMethod, path: string, caller: Caller | null, body?: unknown) =>
  callRoute<T>('templates', method, path, caller, body);

/** A small but valid zip: local file header magic, then filler past the 1 KB minimum. */
const zipBytes = (size = 2048): Uint8Array => {
  const bytes = new Uint8Array(size);
  bytes.set([0x50, 0x4b, 0x03, 0x04]);
  for (let i = 4; i < size; i += 1) bytes[i] = i % 251;
  return bytes;
};
const pngBytes = (): Uint8Array =>
  new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3, 4, 5, 6, 7, 8]);

const put = (url: string, headers: Record<string, string>, body: Uint8Array) =>
  fetch(url, { method: 'PUT', headers, body: Buffer.from(body) });

const fields = (overrides: Record<string, unknown> = {}) =>
  templateFormFields({
    title: 'Rocket SaaS Starter!',
    tagline: 'Launch in a weekend',
    description: 'Auth, billing and a dashboard.',
    features: ['Auth', '  ', 'Billing'],
    tech_stack: ['React', 'Stripe'],
    demo_url: 'https://demo.example.com',
    ...overrides,
  });

/** Grant, PUT the files to S3 as a browser would, and return what registration restates. */
const uploadFiles = async (
  caller: Caller,
  options: { bundle?: Uint8Array | null; images?: number } = {},
) => {
  const bundle = options.bundle === undefined ? zipBytes() : options.bundle;
  const imageCount = options.images ?? 1;
  const request = {
    ...(bundle
      ? { bundle: { fileName: 'starter.zip', size: bundle.length, contentType: 'application/zip' } }
      : {}),
    images: Array.from({ length: imageCount }, (_, i) => ({
      fileName: `shot-${i}.png`,
      size: pngBytes().length,
      contentType: 'image/png',
    })),
  };
  const grant = await call<UploadGrant>('POST', '/api/uploads', caller, request);
  expect(grant.status).toBe(201);
  if (grant.body.bundle && bundle) {
    const response = await put(grant.body.bundle.url, grant.body.bundle.headers, bundle);
    expect(response.status).toBe(200);
  }
  for (const image of grant.body.images) {
    expect((await put(image.url, image.headers, pngBytes())).status).toBe(200);
  }
  const restate = (file: { key: string; fileName: string; size: number; contentType: string }) => ({
    key: file.key,
    fileName: file.fileName,
    size: file.size,
    contentType: file.contentType,
  });
  return {
    uploadId: grant.body.uploadId,
    grant: grant.body,
    bundle: grant.body.bundle ? restate(grant.body.bundle) : undefined,
    images: grant.body.images.map(restate),
  };
};

const listKeys = async (bucket: string, prefix: string): Promise<string[]> => {
  const listed = await (
    await s3Client()
  ).send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
  return (listed.Contents ?? []).map((object) => object.Key ?? '');
};

const filesBucket = () => process.env.MVP_FILES_BUCKET!;
const previewsBucket = () => process.env.PREVIEW_IMAGES_BUCKET!;

describe('POST /api/seller-applications', () => {
  const application = {
    fullName: 'Ada Seller',
    companyName: '',
    website: 'https://ada.example.com',
    yearsExperience: '3-5',
    specializations: ['SaaS Development', 'API Development'],
    previousWork: 'Built many SaaS products.',
    portfolioDescription: 'Starters and dashboards.',
    sampleProjects: 'https://github.com/ada/starter',
    githubProfile: '',
    linkedinProfile: '',
    agreeToTerms: true,
    agreeToCommission: true,
  };

  it('stores the application of a new seller account, pending, with its email', async () => {
    const sub = `applicant-${randomUUID()}`;
    const claims = idTokenClaims({ sub, email: 'ada@example.com', role: 'seller' });
    const result = await handler(
      apiEvent({ method: 'POST', path: '/api/seller-applications', body: application, claims }),
      lambdaContext('templates'),
    );
    expect(result.statusCode).toBe(201);
    const { data } = await SellerApplicationEntity.get({ user_id: sub }).go();
    expect(data).toMatchObject({
      email: 'ada@example.com',
      full_name: 'Ada Seller',
      years_experience: '3-5',
      specializations: ['SaaS Development', 'API Development'],
      status: 'pending',
      agreed_to_commission: true,
    });
    expect(data?.company_name).toBeUndefined();
    const profile = await ProfileEntity.get({ id: sub }).go();
    expect(profile.data).toMatchObject({ role: 'seller', is_seller_approved: false });
  });

  it("answers each step's rules with the product's messages", async () => {
    const caller = await makeCaller('seller', false);
    const cases: [Record<string, unknown>, string][] = [
      [{ fullName: ' ' }, 'Full name is required'],
      [{ yearsExperience: '' }, 'Experience level is required'],
      [{ specializations: [] }, 'Select at least one specialization'],
      [{ previousWork: '' }, 'Previous work description is required'],
      [{ portfolioDescription: '' }, 'Portfolio description is required'],
      [{ sampleProjects: '' }, 'Sample projects are required'],
      [{ agreeToTerms: false }, 'You must agree to the terms'],
      [{ agreeToCommission: false }, 'You must agree to the commission structure'],
    ];
    for (const [change, message] of cases) {
      const result = await call<ApiErrorBody>('POST', '/api/seller-applications', caller, {
        ...application,
        ...change,
      });
      expect(result.status).toBe(400);
      expect(result.body.message).toBe(message);
    }
  });

  it('refuses an anonymous caller and an already approved seller', async () => {
    expect((await call('POST', '/api/seller-applications', null, application)).status).toBe(401);
    const seller = await makeCaller('seller', true);
    expect((await call('POST', '/api/seller-applications', seller, application)).status).toBe(409);
  });
});

describe('POST /api/uploads', () => {
  it("grants one signed key per file under the caller's own prefix", async () => {
    const seller = await makeCaller('seller', true);
    const { grant } = await uploadFiles(seller, { images: 2 });
    expect(grant.bundle?.key).toMatch(new RegExp(`^uploads/${seller.sub}/${grant.uploadId}/`));
    for (const image of grant.images) {
      expect(image.key.startsWith(`uploads/${seller.sub}/${grant.uploadId}/`)).toBe(true);
    }
  });

  it('signs the declared size and type into the URL (real S3 refuses any other body)', async () => {
    // s3rver does not check signed headers of presigned URLs, so this asserts the signature's
    // scope; registration's HeadObject comparison (below) is the check that runs everywhere.
    const seller = await makeCaller('seller', true);
    const grant = await call<UploadGrant>('POST', '/api/uploads', seller, {
      bundle: { fileName: 'a.zip', size: 2048, contentType: 'application/zip' },
      images: [],
    });
    const url = new URL(grant.body.bundle!.url);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual(
      expect.arrayContaining(['content-length', 'content-type', 'host']),
    );
    expect(grant.body.bundle!.headers).toEqual({ 'Content-Type': 'application/zip' });
  });

  it('applies the file rules before signing anything', async () => {
    const seller = await makeCaller('seller', true);
    const cases: [Record<string, unknown>, string][] = [
      [
        { bundle: { fileName: 'a.exe', size: 2048, contentType: 'application/zip' } },
        SERVER_FILE_MESSAGES.invalidExtension,
      ],
      [
        { bundle: { fileName: 'a.zip', size: 2048, contentType: 'application/x-msdownload' } },
        'Invalid file type (application/x-msdownload). Only ZIP, TAR.GZ, and RAR files are allowed',
      ],
      [
        { bundle: { fileName: 'a.zip', size: 10, contentType: 'application/zip' } },
        FILE_MESSAGES.fileTooSmall,
      ],
      [
        { bundle: { fileName: 'a.zip', size: 101 * 1024 * 1024, contentType: 'application/zip' } },
        FILE_MESSAGES.fileTooLarge,
      ],
      [
        { bundle: { fileName: 'a?.zip', size: 2048, contentType: 'application/zip' } },
        FILE_MESSAGES.invalidName,
      ],
      [
        {
          bundle: {
            fileName: `${'a'.repeat(252)}.zip`,
            size: 2048,
            contentType: 'application/zip',
          },
        },
        FILE_MESSAGES.nameTooLong,
      ],
      [
        { images: [{ fileName: 'x.pdf', size: 10, contentType: 'application/pdf' }] },
        SERVER_FILE_MESSAGES.invalidImageType,
      ],
      [
        { images: [{ fileName: 'x.png', size: 11 * 1024 * 1024, contentType: 'image/png' }] },
        SERVER_FILE_MESSAGES.imageTooLarge,
      ],
    ];
    for (const [request, message] of cases) {
      const result = await call<ApiErrorBody>('POST', '/api/uploads', seller, {
        images: [],
        ...request,
      });
      expect(result.status, message).toBe(400);
      expect(result.body.message).toBe(message);
    }
  });

  it('is for approved sellers, admin and both only', async () => {
    const request = {
      bundle: { fileName: 'a.zip', size: 2048, contentType: 'application/zip' },
      images: [],
    };
    for (const [role, approved, status] of [
      ['buyer', false, 403],
      ['seller', false, 403],
      ['admin', false, 201],
      ['both', false, 201],
    ] as const) {
      const caller = await makeCaller(role, approved);
      expect((await call('POST', '/api/uploads', caller, request)).status, role).toBe(status);
    }
    expect((await call('POST', '/api/uploads', null, request)).status).toBe(401);
  });
});

describe('POST /api/mvps', () => {
  it('registers the template and its first version, moves the files and starts processing', async () => {
    const seller = await makeCaller('seller', true);
    const files = await uploadFiles(seller, { images: 2 });
    const result = await call<TemplateWriteResult>('POST', '/api/mvps', seller, {
      uploadId: files.uploadId,
      fields: fields({ access_tier: 'one_time_sale', price: '19.999' }),
      bundle: files.bundle,
      images: files.images,
    });
    expect(result.status).toBe(201);
    const template = result.body.mvp;
    expect(template).toMatchObject({
      status: 'pending_review',
      version_number: '1.0.0',
      features: ['Auth', 'Billing'],
      price: 20,
      github_url: null,
      original_file_name: 'starter.zip',
      file_size: 2048,
    });
    expect(template.slug).toMatch(/^rocket-saas-starter-[a-z0-9]+$/);
    expect(template.preview_images).toHaveLength(2);
    expect(template.preview_images[0]).toMatch(new RegExp(`^/previews/mvps/${template.id}/`));

    const stored = (await TemplateEntity.get({ id: template.id }).go()).data!;
    expect(stored.file_key).toMatch(new RegExp(`^mvps/${template.id}/[0-9A-Z]{26}/bundle\\.zip$`));
    const versions = await TemplateVersionEntity.query.byMvp({ mvp_id: template.id }).go();
    expect(versions.data).toHaveLength(1);
    expect(versions.data[0]).toMatchObject({ file_key: stored.file_key, version_number: '1.0.0' });

    const bundle = await (
      await s3Client()
    ).send(new GetObjectCommand({ Bucket: filesBucket(), Key: stored.file_key! }));
    expect(Buffer.from(await bundle.Body!.transformToByteArray())).toEqual(Buffer.from(zipBytes()));
    expect(await listKeys(previewsBucket(), `previews/mvps/${template.id}/`)).toHaveLength(2);
    // The uploaded originals are gone once registered.
    expect(await listKeys(filesBucket(), `uploads/${seller.sub}/`)).toEqual([]);
    expect(await listKeys(previewsBucket(), `uploads/${seller.sub}/`)).toEqual([]);
    expect(started).toEqual([
      { mvpId: template.id, versionId: versions.data[0]!.id, fileKey: stored.file_key },
    ]);
  });

  it("answers 'Failed to save MVP to database' when the write is refused, and leaves no file behind", async () => {
    const seller = await makeCaller('seller', true);
    const files = await uploadFiles(seller, { images: 1 });
    const placedBefore = [
      ...(await listKeys(filesBucket(), 'mvps/')),
      ...(await listKeys(previewsBucket(), 'previews/mvps/')),
    ];
    refuseNextCreate.on = true;
    const result = await call<ApiErrorBody>('POST', '/api/mvps', seller, {
      uploadId: files.uploadId,
      fields: fields(),
      bundle: files.bundle,
      images: files.images,
    });
    expect(result.status).toBe(503);
    expect(result.body.message).toBe(TEMPLATE_MESSAGES.saveFailed);
    expect((await TemplateEntity.query.bySeller({ seller_id: seller.sub }).go()).data).toEqual([]);
    // The bundle and images it had moved into place are removed again.
    expect([
      ...(await listKeys(filesBucket(), 'mvps/')),
      ...(await listKeys(previewsBucket(), 'previews/mvps/')),
    ]).toEqual(placedBefore);
    expect(await listKeys(filesBucket(), `uploads/${seller.sub}/`)).toEqual([]);
    expect(await listKeys(previewsBucket(), `uploads/${seller.sub}/`)).toEqual([]);
    expect(started).toEqual([]);
  });

  it('refuses a missing object and writes nothing', async () => {
    const seller = await makeCaller('seller', true);
    const files = await uploadFiles(seller, { bundle: null });
    const result = await call<ApiErrorBody>('POST', '/api/mvps', seller, {
      uploadId: files.uploadId,
      fields: fields(),
      bundle: {
        key: `uploads/${seller.sub}/${files.uploadId}/bundle-starter.zip`,
        fileName: 'starter.zip',
        size: 2048,
        contentType: 'application/zip',
      },
      images: files.images,
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(FILE_MESSAGES.uploadMissing);
    expect((await TemplateEntity.query.bySeller({ seller_id: seller.sub }).go()).data).toEqual([]);
    expect(await listKeys(previewsBucket(), `uploads/${seller.sub}/`)).toEqual([]);
    expect(started).toEqual([]);
  });

  it('refuses an object that differs from the declaration and deletes it', async () => {
    const seller = await makeCaller('seller', true);
    const files = await uploadFiles(seller);
    const result = await call<ApiErrorBody>('POST', '/api/mvps', seller, {
      uploadId: files.uploadId,
      fields: fields(),
      bundle: { ...files.bundle!, size: 4096 },
      images: files.images,
    });
    expect(result.status).toBe(400);
    expect(result.body.message).toBe(FILE_MESSAGES.uploadMismatch);
    expect(await listKeys(filesBucket(), `uploads/${seller.sub}/`)).toEqual([]);
    expect((await TemplateEntity.query.bySeller({ seller_id: seller.sub }).go()).data).toEqual([]);
  });

  it("cannot register another seller's upload", async () => {
    const owner = await makeCaller('seller', true);
    const thief = await makeCaller('seller', true);
    const files = await uploadFiles(owner);
    const result = await call<ApiErrorBody>('POST', '/api/mvps', thief, {
      uploadId: files.uploadId,
      fields: fields(),
      bundle: files.bundle,
      images: files.images,
    });
    expect(result.status).toBe(400);
    // The owner's upload is untouched by the refused attempt.
    expect(await listKeys(filesBucket(), `uploads/${owner.sub}/`)).toHaveLength(1);
  });

  it("answers the form's rules with the product's messages", async () => {
    const seller = await makeCaller('seller', true);
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '' }, MVP_MESSAGES_FORM.title],
      [{ features: [' ', ''] }, MVP_MESSAGES_FORM.features],
      [{ tech_stack: [] }, MVP_MESSAGES_FORM.techStack],
      [{ access_tier: 'one_time_sale', price: '' }, MVP_MESSAGES_FORM.priceRequired],
      [{ access_tier: 'one_time_sale', price: '-3' }, MVP_MESSAGES_FORM.pricePositive],
      [{ demo_url: 'not a url' }, MVP_MESSAGES_FORM.url],
      [{ stackblitz_link: 'https://example.com/x' }, MVP_MESSAGES_FORM.stackblitz],
    ];
    for (const [change, message] of cases) {
      const result = await call<ApiErrorBody>('POST', '/api/mvps', seller, {
        uploadId: 'x',
        fields: fields(change),
        bundle: { key: 'k', fileName: 'a.zip', size: 2048, contentType: 'application/zip' },
        images: [{ key: 'k', fileName: 'a.png', size: 10, contentType: 'image/png' }],
      });
      expect(result.status, message).toBe(400);
      expect(result.body.message).toBe(message);
    }
  });

  it('is for approved sellers only', async () => {
    const pending = await makeCaller('seller', false);
    expect((await call('POST', '/api/mvps', pending, {})).status).toBe(403);
  });
});

/** A template with its version row, at the bundle key and IPFS hash the assertions compare with. */
const seedMvp = (sellerId: string, overrides: Parameters<typeof templateItem>[0] = {}) =>
  seedTemplate(sellerId, { file_key: 'mvps/x/y/bundle.zip', ipfs_hash: 'bafyold', ...overrides });

describe('managing one template: owner, admin and both only', () => {
  it('lets nobody but the owner, admin and both read, edit, version, retry or archive', async () => {
    const owner = await makeCaller('seller', true);
    const other = await makeCaller('seller', true);
    const buyer = await makeCaller('buyer', false);
    const template = await seedMvp(owner.sub, {
      status: 'scan_failed',
      last_processing_error: 'x',
    });
    const editBody = {
      fields: fields(),
      version_number: '1.0.1',
    };
    const attempts: [HttpMethod, string, unknown?][] = [
      ['GET', `/api/mvps/${template.id}/manage`],
      ['PATCH', `/api/mvps/${template.id}`, editBody],
      [
        'POST',
        `/api/mvps/${template.id}/versions`,
        {
          uploadId: 'u',
          version_number: '1.0.1',
          changelog: 'c',
          bundle: { key: 'k', fileName: 'a.zip', size: 2048, contentType: 'application/zip' },
        },
      ],
      ['POST', `/api/mvps/${template.id}/retry`],
      ['DELETE', `/api/mvps/${template.id}`],
    ];
    for (const caller of [other, buyer]) {
      for (const [method, path, body] of attempts) {
        const result = await call<ApiErrorBody>(method, path, caller, body);
        expect(result.status, `${method} ${path}`).toBe(403);
        expect(result.body.message).toBe(TEMPLATE_MESSAGES.notAuthorized);
      }
      for (const [method, path, body] of attempts) {
        expect((await call(method, path, null, body)).status).toBe(401);
      }
    }
    const stored = (await TemplateEntity.get({ id: template.id }).go()).data!;
    expect(stored).toMatchObject({ status: 'scan_failed', title: template.title });
    expect(started).toEqual([]);

    // The owner reads it; admin and both may too.
    expect((await call('GET', `/api/mvps/${template.id}/manage`, owner)).status).toBe(200);
    for (const role of ['admin', 'both'] as const) {
      const admin = await makeCaller(role, false);
      const read = await call<ManagedTemplate>('GET', `/api/mvps/${template.id}/manage`, admin);
      expect(read.status).toBe(200);
      expect(read.body.last_processing_error).toBe('x');
    }
  });

  it("lists only the caller's own templates, without archived ones, with stats", async () => {
    const owner = await makeCaller('seller', true);
    const other = await makeCaller('seller', true);
    await seedMvp(owner.sub, { download_count: 3, rating_sum: 9, rating_count: 2 });
    await seedMvp(owner.sub, { status: 'pending_review', download_count: 1 });
    // Not listed, but the seller figures count its downloads and ratings.
    await seedMvp(owner.sub, {
      status: 'archived',
      download_count: 6,
      rating_sum: 3,
      rating_count: 1,
    });
    await seedMvp(other.sub);
    const result = await call<MyTemplatesResult>('GET', '/api/my/mvps', owner);
    expect(result.status).toBe(200);
    expect(result.body.items).toHaveLength(2);
    expect(result.body.items.every((item) => item.seller_id === owner.sub)).toBe(true);
    expect(result.body.stats).toMatchObject({
      total: 2,
      figures: { downloads: 10, ratings: 3, average_rating: 4 },
      byStatus: { approved: 1, pending_review: 1, archived: 0 },
    });
    const unapproved = await makeCaller('seller', false);
    expect((await call('GET', '/api/my/mvps', unapproved)).status).toBe(403);
  });

  it('answers 404 for an unknown or archived template', async () => {
    const owner = await makeCaller('seller', true);
    const archived = await seedMvp(owner.sub, { status: 'archived' });
    const unknown = await call<ApiErrorBody>(
      'GET',
      '/api/mvps/01J0000000000000000000000Z/manage',
      owner,
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(TEMPLATE_MESSAGES.notFound);
    expect((await call('GET', `/api/mvps/${archived.id}/manage`, owner)).status).toBe(404);
  });
});

describe('versions, edits, retry and archive', () => {
  it('adds a version of a live template beside the live one: nothing a buyer sees moves', async () => {
    const owner = await makeCaller('seller', true);
    const template = await seedMvp(owner.sub);
    const before = await getCatalogVersion();
    const files = await uploadFiles(owner, { images: 0 });
    const missingChangelog = await call<ApiErrorBody>(
      'POST',
      `/api/mvps/${template.id}/versions`,
      owner,
      {
        uploadId: files.uploadId,
        version_number: '1.0.1',
        changelog: ' ',
        bundle: files.bundle,
      },
    );
    expect(missingChangelog.body.message).toBe('Changelog is required for new versions');
    const result = await call<TemplateWriteResult>(
      'POST',
      `/api/mvps/${template.id}/versions`,
      owner,
      {
        uploadId: files.uploadId,
        version_number: '1.0.1',
        changelog: 'Faster builds',
        bundle: files.bundle,
      },
    );
    expect(result.status).toBe(201);
    // The live version stays: status, number, file and CID as they were.
    expect(result.body.mvp).toMatchObject({
      status: 'approved',
      version_number: '1.0.0',
      ipfs_hash: 'bafyold',
      pending_version: { version_number: '1.0.1', status: 'processing' },
    });
    const stored = (await TemplateEntity.get({ id: template.id }).go()).data!;
    expect(stored).toMatchObject({ status: 'approved', file_key: 'mvps/x/y/bundle.zip' });
    const versions = await TemplateVersionEntity.query
      .byMvp({ mvp_id: template.id })
      .go({ order: 'desc' });
    expect(versions.data.map((v) => v.version_number)).toEqual(['1.0.1', '1.0.0']);
    expect(versions.data[0]!.status).toBe('processing');
    expect(stored.pending_version_id).toBe(versions.data[0]!.id);
    expect(started).toEqual([
      { mvpId: template.id, versionId: versions.data[0]!.id, fileKey: versions.data[0]!.file_key },
    ]);
    // The catalog did not change: the template never left it.
    expect((await getCatalogVersion()).version).toBe(before.version);
  });

  it('refuses a version number that is not above the live one, or taken, with a clear message', async () => {
    const owner = await makeCaller('seller', true);
    const template = await seedMvp(owner.sub, { version_number: '1.2.0' });
    const files = await uploadFiles(owner, { images: 0 });
    const attempt = (version_number: string) =>
      call<ApiErrorBody>('POST', `/api/mvps/${template.id}/versions`, owner, {
        uploadId: files.uploadId,
        version_number,
        changelog: 'Again',
        bundle: files.bundle,
      });
    for (const number of ['1.2.0', '1.1.9', '0.9.0']) {
      const refused = await attempt(number);
      expect(refused.status, number).toBe(400);
      expect(refused.body.message).toBe(VERSION_MESSAGES.notHigher('1.2.0'));
    }
    expect(started).toEqual([]);
    expect(
      (
        await call('POST', `/api/mvps/${template.id}/versions`, owner, {
          uploadId: files.uploadId,
          version_number: '1.3.0',
          changelog: 'Next',
          bundle: files.bundle,
        })
      ).status,
    ).toBe(201);
    // A second version while the first is still on its way: withdraw it first.
    const second = await uploadFiles(owner, { images: 0 });
    const busy = await call<ApiErrorBody>('POST', `/api/mvps/${template.id}/versions`, owner, {
      uploadId: second.uploadId,
      version_number: '1.4.0',
      changelog: 'Later',
      bundle: second.bundle,
    });
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(VERSION_MESSAGES.inReview('1.3.0'));
  });

  it('lets the owner withdraw a version not live yet, and nobody else', async () => {
    const owner = await makeCaller('seller', true);
    const other = await makeCaller('seller', true);
    const admin = await makeCaller('admin', false);
    const { mvp, version } = await seedTemplateWithPendingVersion(owner.sub);
    const path = `/api/mvps/${mvp.id}/versions/${version.id}/withdraw`;
    expect((await call('POST', path, other)).status).toBe(403);
    expect((await call('POST', path, admin)).status).toBe(403);
    expect((await call('POST', `/api/mvps/${mvp.id}/versions/nope/withdraw`, owner)).status).toBe(
      404,
    );
    const result = await call<WithdrawVersionResult>('POST', path, owner);
    expect(result.status).toBe(200);
    expect(result.body.message).toBe(VERSION_MESSAGES.withdrawn('1.1.0'));
    expect(result.body.mvp).toMatchObject({ status: 'approved', pending_version: null });
    const stored = (await TemplateEntity.get({ id: mvp.id }).go()).data!;
    expect(stored.pending_version_id).toBeUndefined();
    expect(stored.version_number).toBe(mvp.version_number);
    const row = (await TemplateVersionEntity.get({ mvp_id: mvp.id, id: version.id }).go()).data!;
    expect(row.status).toBe('withdrawn');
    // Withdrawn once: a second withdrawal finds nothing pending.
    expect((await call('POST', path, owner)).status).toBe(404);
  });

  it('retries a failed new version of a live template without touching the live one', async () => {
    const owner = await makeCaller('seller', true);
    const { mvp, version } = await seedTemplateWithPendingVersion(owner.sub, {
      status: 'ipfs_pin_failed',
      error: 'Processing failed: the pinning service timed out.',
    });
    const result = await call<TemplateWriteResult>('POST', `/api/mvps/${mvp.id}/retry`, owner);
    expect(result.status).toBe(200);
    expect(result.body.mvp).toMatchObject({
      status: 'approved',
      version_number: mvp.version_number,
      pending_version: { id: version.id, status: 'processing' },
      retryable: false,
    });
    expect(started).toEqual([{ mvpId: mvp.id, versionId: version.id, fileKey: version.file_key }]);
  });

  it('does not retry a new version the scan refused: the same file would be refused again', async () => {
    const owner = await makeCaller('seller', true);
    const { mvp, version } = await seedTemplateWithPendingVersion(owner.sub, {
      status: 'scan_failed',
      error: 'Security scan failed: a private key',
    });
    const managed = await call<ManagedTemplate>('GET', `/api/mvps/${mvp.id}/manage`, owner);
    expect(managed.body).toMatchObject({
      pending_version: { id: version.id, status: 'scan_failed' },
      retryable: false,
    });
    const result = await call<ApiErrorBody>('POST', `/api/mvps/${mvp.id}/retry`, owner);
    expect(result.status).toBe(409);
    expect(result.body.message).toBe(TEMPLATE_MESSAGES.notRetryable);
    expect(started).toEqual([]);
  });

  it('edits fields, drops the price unless one_time_sale, and bumps the catalog when approved', async () => {
    const owner = await makeCaller('seller', true);
    const template = await seedMvp(owner.sub, { access_tier: 'one_time_sale', price: 10 });
    const before = await getCatalogVersion();
    const result = await call<TemplateWriteResult>('PATCH', `/api/mvps/${template.id}`, owner, {
      fields: fields({ title: 'Renamed', access_tier: 'free', price: '15' }),
      version_number: '1.0.0',
    });
    expect(result.status).toBe(200);
    expect(result.body.mvp).toMatchObject({ title: 'Renamed', access_tier: 'free', price: null });
    const stored = (await TemplateEntity.get({ id: template.id }).go()).data!;
    expect(stored.price).toBeUndefined();
    expect(stored.status).toBe('approved');
    expect((await getCatalogVersion()).version).toBe(before.version + 1);
    expect(started).toEqual([]);
  });

  it('refuses sub-penny, non-decimal and overflowing prices with a 400, storing nothing', async () => {
    const owner = await makeCaller('seller', true);
    const template = await seedMvp(owner.sub, { access_tier: 'one_time_sale', price: 10 });
    for (const price of ['0.001', 1e-9, '0x10', '1e308', 1e308, '-3']) {
      const result = await call<ApiErrorBody>('PATCH', `/api/mvps/${template.id}`, owner, {
        fields: fields({ access_tier: 'one_time_sale', price }),
        version_number: '1.0.0',
      });
      expect(result.status, String(price)).toBe(400);
      expect(result.body.fields?.['fields.price'] ?? result.body.message, String(price)).toMatch(
        /Price/,
      );
    }
    expect((await TemplateEntity.get({ id: template.id }).go()).data?.price).toBe(10);
  });

  it('replaces the file on edit as a new version and processes it again', async () => {
    const owner = await makeCaller('seller', true);
    const template = await seedMvp(owner.sub, { status: 'rejected' });
    const files = await uploadFiles(owner, { images: 1 });
    const result = await call<TemplateWriteResult>('PATCH', `/api/mvps/${template.id}`, owner, {
      uploadId: files.uploadId,
      fields: fields(),
      version_number: '1.1.0',
      bundle: files.bundle,
      images: files.images,
    });
    expect(result.status).toBe(200);
    expect(result.body.mvp).toMatchObject({ status: 'pending_review', version_number: '1.1.0' });
    expect(result.body.mvp.preview_images[0]).toMatch(
      new RegExp(`^/previews/mvps/${template.id}/`),
    );
    expect(started).toHaveLength(1);
  });

  it('retries only a failure on our side (ipfs_pin_failed), and says which in the API', async () => {
    const owner = await makeCaller('seller', true);
    const failed = await seedMvp(owner.sub, {
      status: 'ipfs_pin_failed',
      last_processing_error: 'pin timeout',
    });
    const refusedScan = await seedMvp(owner.sub, {
      status: 'scan_failed',
      last_processing_error: 'Security scan failed: app/.env contains a Stripe secret key',
    });
    const mine = await call<MyTemplatesResult>('GET', '/api/my/mvps', owner);
    const retryableOf = (id: string) => mine.body.items.find((item) => item.id === id)?.retryable;
    expect(retryableOf(failed.id)).toBe(true);
    expect(retryableOf(refusedScan.id)).toBe(false);

    const result = await call<TemplateWriteResult>('POST', `/api/mvps/${failed.id}/retry`, owner);
    expect(result.status).toBe(200);
    expect(result.body.mvp.retryable).toBe(false);
    const stored = (await TemplateEntity.get({ id: failed.id }).go()).data!;
    expect(stored.status).toBe('pending_review');
    expect(stored.last_processing_error).toBeUndefined();
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({ mvpId: failed.id, fileKey: 'mvps/x/y/bundle.zip' });

    // A scan refusal is about the file's contents: the same file would be refused again.
    const again = await call<ApiErrorBody>('POST', `/api/mvps/${refusedScan.id}/retry`, owner);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(TEMPLATE_MESSAGES.notRetryable);
    expect((await TemplateEntity.get({ id: refusedScan.id }).go()).data?.status).toBe(
      'scan_failed',
    );
    expect(started).toHaveLength(1);

    const approved = await seedMvp(owner.sub);
    const refused = await call<ApiErrorBody>('POST', `/api/mvps/${approved.id}/retry`, owner);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(TEMPLATE_MESSAGES.notRetryable);
  });

  it('archives: gone from My MVPs and the catalog, kept in the table', async () => {
    const owner = await makeCaller('seller', true);
    const template = await seedMvp(owner.sub);
    const before = await getCatalogVersion();
    const result = await call<{ message: string }>('DELETE', `/api/mvps/${template.id}`, owner);
    expect(result.status).toBe(200);
    expect((await TemplateEntity.get({ id: template.id }).go()).data?.status).toBe('archived');
    const after = await getCatalogVersion();
    expect(after.version).toBe(before.version + 1);
    const mine = await call<MyTemplatesResult>('GET', '/api/my/mvps', owner);
    expect(mine.body.items).toEqual([]);
    expect((await call('DELETE', `/api/mvps/${template.id}`, owner)).status).toBe(404);
  });
});
