/**
 * The demo seed against the emulators: the accounts, 30 approved templates with previews, real zip
 * bundles and consistent ratings, two hidden ones, and a second run that changes nothing.
 */
import { InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { GetObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../../lambdas/catalog/index';
import { renditionKey, type BrowseResult, type TemplateDetail } from '../../../contract/catalog';
import { CatalogVersionEntity } from '../../../lambdas/shared/db/entities/catalog-version';
import { CounterEntity } from '../../../lambdas/shared/db/entities/counter';
import { TemplateEntity } from '../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../lambdas/shared/db/entities/template-version';
import { ProfileEntity } from '../../../lambdas/shared/db/entities/profile';
import { ReviewEntity } from '../../../lambdas/shared/db/entities/review';
import {
  bundleManifestSchema,
  manifestKeysOf,
} from '../../../lambdas/shared/storage/bundle-manifest';
import { listSellerApplications } from '../../../lambdas/seller-applications/service';
import { getStatusCounts as getMvpStatusCounts } from '../../../lambdas/templates/repo';
import { createCognitoClient, createS3Client } from '../../../lib/local/emulators/resources';
import { DEMO_PASSWORD, demoAccounts } from '../../../lib/local/seed/accounts';
import { DEMO_APPLICATION } from '../../../lib/local/seed/applications';
import { RASTER_PREVIEW_TEMPLATE_ID } from '../../../lib/local/seed/template-import';
import { VULNERABLE_DEMO_TEMPLATE_ID } from '../../../lib/local/seed/starter';
import { getReport } from '../../../lambdas/security/service';
import { seedDemoData, type SeedOptions, type SeedSummary } from '../../../lib/local/seed/index';
import { apiEvent, jsonBody, lambdaContext } from '../../fixtures/api-event';
import { localCloud } from '../../fixtures/users';
import { entitlementOf } from '../../fixtures/profiles';

let options: SeedOptions;
let s3: S3Client;
let first: SeedSummary;
let second: SeedSummary;

const byStatus = async (status: 'approved' | 'pending_review' | 'scan_failed') =>
  (await TemplateEntity.query.byStatus({ status }).go({ pages: 'all' })).data;

beforeAll(async () => {
  const cloud = localCloud();
  options = {
    cognito: createCognitoClient(cloud.cognitoEndpoint),
    userPoolId: cloud.userPoolId,
    siteUrl: 'http://localhost:5173',
  };
  s3 = createS3Client(cloud.s3Endpoint);
  first = await seedDemoData(options);
  second = await seedDemoData(options);
}, 120_000);

describe('seedDemoData', () => {
  it('writes 30 approved templates and two hidden ones, and nothing on the second run', async () => {
    expect(first).toMatchObject({ users: 6, templates: 30, templatesWritten: 32 });
    expect(second).toMatchObject({ users: 6, templates: 30, templatesWritten: 0 });
    expect(await byStatus('approved')).toHaveLength(30);
    expect(await byStatus('pending_review')).toHaveLength(1);
    expect(await byStatus('scan_failed')).toHaveLength(1);
    const version = await CatalogVersionEntity.get({ name: 'catalog' }).go();
    // One change for the import, one for the raster preview's renditions, one for the live
    // version's recorded severity (the card's badge); none on the second run.
    expect(version.data?.version).toBe(3);
    expect(version.data?.approved_count).toBe(30);
    // The mvps status counter matches the written templates, counted once across both runs.
    expect(await getMvpStatusCounts()).toEqual({ approved: 30, pending_review: 1, scan_failed: 1 });
  });

  it('spreads the templates over every browse category and several sellers', async () => {
    const approved = await byStatus('approved');
    expect(new Set(approved.map((template) => template.category))).toEqual(
      new Set([
        'SaaS',
        'E-commerce',
        'Portfolio',
        'Utility',
        'Dashboard',
        'Landing Page',
        'Mobile App',
      ]),
    );
    expect(new Set(approved.map((template) => template.seller_id)).size).toBeGreaterThanOrEqual(2);
    expect(new Set(approved.map((template) => template.access_tier))).toEqual(
      new Set(['free', 'subscription', 'one_time_sale']),
    );
    for (const template of approved) {
      expect(template.features.length).toBeGreaterThanOrEqual(3);
      expect(template.features.length).toBeLessThanOrEqual(6);
      expect(template.tech_stack.length).toBeGreaterThanOrEqual(2);
      expect(template.tech_stack.length).toBeLessThanOrEqual(6);
      expect(template.id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    }
  });

  it('creates the demo accounts with profiles keyed by their Cognito sub, able to sign in', async () => {
    const cloud = localCloud();
    for (const account of demoAccounts) {
      const auth = await options.cognito.send(
        new InitiateAuthCommand({
          ClientId: cloud.userPoolClientId,
          AuthFlow: 'USER_PASSWORD_AUTH',
          AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
        }),
      );
      const idToken = auth.AuthenticationResult?.IdToken ?? '';
      const claims = JSON.parse(
        Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8'),
      );
      expect(claims['cognito:groups']).toEqual([account.role]);
      const profile = await ProfileEntity.get({ id: claims.sub }).go();
      expect(profile.data).toMatchObject({
        email: account.email,
        role: account.role,
        is_seller_approved: account.isSellerApproved,
      });
      // Their quota is their entitlement, which the seed imports beside the profile.
      expect(profile.data).not.toHaveProperty('downloads_remaining');
      expect(await entitlementOf(claims.sub)).toMatchObject({
        downloads_remaining: account.downloadsRemaining,
        download_quota: account.downloadQuota,
      });
    }
    expect(
      demoAccounts.filter((account) => account.printed).map((account) => account.password),
    ).toEqual([DEMO_PASSWORD, DEMO_PASSWORD, DEMO_PASSWORD]);
  });

  it('files the demo applicant’s seller application, pending in the admin’s Applications tab', async () => {
    const { items } = await listSellerApplications();
    const mine = items.filter((item) => item.email === 'applicant@demo.local');
    expect(mine).toEqual([
      expect.objectContaining({
        status: 'pending',
        full_name: DEMO_APPLICATION.fullName,
        specializations: DEMO_APPLICATION.specializations,
      }),
    ]);
    // A buyer while it is reviewed.
    const profile = (await ProfileEntity.get({ id: mine[0]!.user_id }).go()).data!;
    expect(profile).toMatchObject({ role: 'buyer', is_seller_approved: false });
  });

  it('keeps every rating aggregate consistent with the stored reviews', async () => {
    let reviewed = 0;
    let unverified = 0;
    for (const template of await byStatus('approved')) {
      const reviews = (await ReviewEntity.query.byMvp({ mvp_id: template.id }).go()).data;
      // The average counts verified reviews only, as a review written through the API would.
      const verified = reviews.filter((review) => review.is_verified_buyer);
      const sum = verified.reduce((total, review) => total + review.rating, 0);
      expect(template.rating_count).toBe(verified.length);
      expect(template.rating_sum).toBe(sum);
      unverified += reviews.length - verified.length;
      const versions = (await TemplateVersionEntity.query.byMvp({ mvp_id: template.id }).go()).data;
      expect(versions.map((version) => version.version_number)).toEqual([template.version_number]);
      if (reviews.length) reviewed += 1;
    }
    expect(reviewed).toBeGreaterThanOrEqual(10);
    // Reviews by accounts that never used the template are shown but not averaged.
    expect(unverified).toBeGreaterThan(0);
  });

  it('counts the templates’ past downloads and ratings in the marketplace totals, once', async () => {
    const all = [
      ...(await byStatus('approved')),
      ...(await byStatus('pending_review')),
      ...(await byStatus('scan_failed')),
    ];
    const total = async (name: 'downloads' | 'rating_sum' | 'rating_count') =>
      (await CounterEntity.get({ name, bucket: 'all', shard: 0 }).go()).data?.value ?? 0;
    const sum = (pick: (template: (typeof all)[number]) => number) =>
      all.reduce((running, template) => running + pick(template), 0);
    // Two seed runs in beforeAll: the second wrote no template, so nothing was added twice.
    expect(await total('downloads')).toBe(sum((template) => template.download_count));
    expect(await total('rating_sum')).toBe(sum((template) => template.rating_sum));
    expect(await total('rating_count')).toBe(sum((template) => template.rating_count));
  });

  it("stores previews of the starter's own page and a zip bundle that unpacks into a starter", async () => {
    const mvp = (await byStatus('approved')).find(
      (template) => template.id !== RASTER_PREVIEW_TEMPLATE_ID,
    );
    expect(mvp!.preview_image_keys.length).toBeGreaterThanOrEqual(1);
    for (const key of mvp!.preview_image_keys) {
      expect(key.startsWith('previews/')).toBe(true);
      const preview = await s3.send(
        new GetObjectCommand({ Bucket: process.env.PREVIEW_IMAGES_BUCKET!, Key: key }),
      );
      expect(preview.ContentType).toBe('image/svg+xml');
      // The landing page itself (its markup inside the SVG), not a title on a gradient.
      const svg = await preview.Body!.transformToString();
      expect(svg).toContain('<foreignObject');
      expect(svg).toContain(`<h1>${mvp!.tagline.replace(/&/g, '&amp;')}</h1>`);
    }
    const bundle = await s3.send(
      new GetObjectCommand({ Bucket: process.env.MVP_FILES_BUCKET!, Key: mvp!.file_key! }),
    );
    const bytes = await bundle.Body!.transformToByteArray();
    expect(bytes.byteLength).toBe(mvp!.file_size);
    const files = unzipSync(bytes);
    const names = Object.keys(files);
    expect(names.some((name) => name.endsWith('/README.md'))).toBe(true);
    expect(names.some((name) => name.endsWith('/package.json'))).toBe(true);
    expect(names.some((name) => name.endsWith('/src/index.ts'))).toBe(true);
    expect(names.some((name) => name.endsWith('/netlify.toml'))).toBe(true);
    // A static landing page that opens in a browser, published by netlify.toml.
    const page = strFromU8(files[names.find((name) => name.endsWith('/public/index.html'))!]!);
    expect(page).toMatch(/^<!doctype html>/);
    expect(page).toContain(`<title>${mvp!.title.replace(/&/g, '&amp;')}</title>`);
    expect(page).not.toMatch(/(src|href)="https?:/);
    const toml = strFromU8(files[names.find((name) => name.endsWith('/netlify.toml'))!]!);
    expect(toml).toContain('publish = "public"');
    const manifest = JSON.parse(
      strFromU8(files[names.find((name) => name.endsWith('/package.json'))!]!),
    ) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies).length).toBeGreaterThan(0);
    const readme = files[names.find((name) => name.endsWith('/README.md'))!]!;
    expect(strFromU8(readme)).toContain(`# ${mvp!.title}`);
  });

  it('gives one template a PNG preview whose card is served from its WebP renditions', async () => {
    const { data: mvp } = await TemplateEntity.get({ id: RASTER_PREVIEW_TEMPLATE_ID }).go();
    const [png, ...svgs] = mvp!.preview_image_keys;
    expect(png).toMatch(/\.png$/);
    expect(svgs.every((key) => key.endsWith('.svg'))).toBe(true);
    expect(mvp!.preview_rendition_keys).toEqual([png]);
    const rendition = await s3.send(
      new GetObjectCommand({
        Bucket: process.env.PREVIEW_IMAGES_BUCKET!,
        Key: renditionKey(png!, 400),
      }),
    );
    expect(rendition.ContentType).toBe('image/webp');
    const result = await handler(
      apiEvent({ path: `/api/mvps/${RASTER_PREVIEW_TEMPLATE_ID}` }),
      lambdaContext('catalog'),
    );
    const detail = jsonBody<TemplateDetail>(result);
    expect(detail.preview_renditions?.[0]).toEqual({
      w400: `/${png}.w400.webp`,
      w1200: `/${png}.w1200.webp`,
    });
    expect(detail.preview_renditions?.slice(1)).toEqual(svgs.map(() => null));
  });

  it('shows exactly the 30 approved templates through the catalog handler', async () => {
    const result = await handler(apiEvent({ path: '/api/mvps' }), lambdaContext('catalog'));
    expect(result.statusCode).toBe(200);
    const browse = jsonBody<BrowseResult>(result);
    expect(browse.total).toBe(30);
    expect(browse.items).toHaveLength(20);
    expect(browse.items.map((item) => item.title)).not.toContain('Crypto Portfolio Tracker');
  });

  it('gives every approved template a code preview manifest with its README', async () => {
    const approved = await byStatus('approved');
    for (const template of approved) {
      const object = await s3.send(
        new GetObjectCommand({
          Bucket: process.env.MVP_FILES_BUCKET!,
          Key: manifestKeysOf(template.file_key!).manifest,
        }),
      );
      const manifest = bundleManifestSchema.parse(
        JSON.parse(await object.Body!.transformToString()),
      );
      expect(manifest.files.some((file) => /(^|\/)readme\.md$/i.test(file.path))).toBe(true);
    }
  });

  it('audits every approved template: one live version has a real high finding, the others none', async () => {
    const approved = await byStatus('approved');
    for (const template of approved) {
      const report = await getReport(template.id, template.id);
      expect(report?.status).toBe('checked');
      expect(report!.lock_files).toHaveLength(1);
      if (template.id === VULNERABLE_DEMO_TEMPLATE_ID) {
        expect(report!.findings).toMatchObject([
          {
            advisory_id: 'GHSA-35jh-r3h4-6jhm',
            package: 'lodash',
            version: '4.17.20',
            severity: 'high',
            fixed_version: '4.17.21',
            direct: true,
          },
        ]);
      } else {
        expect(report!.findings).toEqual([]);
      }
    }
  });
});
