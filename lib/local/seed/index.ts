/**
 * Seeds the demo data: accounts in the user pool with their profiles, 32 templates (30 approved)
 * with preview images and zip bundles, a few reviews, and the catalog version counter.
 *
 * Idempotent: accounts are found by email, templates by their fixed ids; what exists is left as
 * it is. Import this module only after the Lambda environment is set (lambda-env.ts): the entities
 * read the table name when they load.
 *
 * 1. accounts: Cognito user (confirmed, permanent password, group) → profile keyed by `sub`
 * 2. templates: files first (previews, bundle), then reviews, then the template item, so an
 *    interrupted seed is completed by the next one
 * 3. the catalog version moves when a template was written, so warm browse caches reload
 * 4. the browse snapshot is written (docs/data-model.md §5)
 */
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { bumpCatalogVersion, publishCatalogSnapshot } from '../../../lambdas/catalog/service';
import { CounterEntity } from '../../../lambdas/shared/db/entities/counter';
import { MvpVersionEntity } from '../../../lambdas/shared/db/entities/mvp-version';
import { MvpEntity } from '../../../lambdas/shared/db/entities/mvp';
import { NewsletterTypeEntity } from '../../../lambdas/shared/db/entities/newsletter-type';
import { ProfileEntity } from '../../../lambdas/shared/db/entities/profile';
import { UsernameClaimEntity } from '../../../lambdas/shared/db/entities/username-claim';
import { SITE_UPDATES_NEWSLETTER_ID } from '../../../lambdas/shared/contracts/newsletter';
import { ReviewEntity } from '../../../lambdas/shared/db/entities/review';
import { authDesign } from '../../../lambdas/shared/design/auth-design';
import { storageDesign } from '../../../lambdas/shared/design/storage-design';
import type { BucketNames } from '../resources';
import { demoAccounts, type DemoAccount, type DemoAccountKey } from './accounts';
import { buildBundleZip, renderPreviewSvg, slugOf } from './assets';
import { seedTemplates, type SeedTemplate } from './templates';
import { seedDownloads } from './downloads';
import { seedSubscriptions } from './subscriptions';

export interface SeedOptions {
  cognito: CognitoIdentityProviderClient;
  s3: S3Client;
  userPoolId: string;
  buckets: BucketNames;
}

export interface SeedSummary {
  /** Demo accounts present after seeding. */
  users: number;
  /** Approved templates present after seeding. */
  templates: number;
  /** Templates this run wrote (0 on a reseed). */
  templatesWritten: number;
}

export interface SeededUser {
  sub: string;
  account: DemoAccount;
}

const findUserSub = async (options: SeedOptions, email: string): Promise<string | undefined> => {
  try {
    const user = await options.cognito.send(
      new AdminGetUserCommand({ UserPoolId: options.userPoolId, Username: email }),
    );
    return user.UserAttributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return undefined;
    throw error;
  }
};

/** The Cognito user for `account`, created confirmed with a permanent password when missing. */
const ensureCognitoUser = async (options: SeedOptions, account: DemoAccount): Promise<string> => {
  const existing = await findUserSub(options, account.email);
  if (existing) return existing;
  const created = await options.cognito.send(
    new AdminCreateUserCommand({
      UserPoolId: options.userPoolId,
      Username: account.email,
      MessageAction: 'SUPPRESS',
      UserAttributes: [
        { Name: 'email', Value: account.email },
        { Name: 'email_verified', Value: 'true' },
        { Name: authDesign.roleAttribute, Value: account.role },
      ],
    }),
  );
  const sub = created.User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
  if (!sub) throw new Error(`cognito-local created ${account.email} without a sub.`);
  await options.cognito.send(
    new AdminSetUserPasswordCommand({
      UserPoolId: options.userPoolId,
      Username: account.email,
      Password: account.password,
      Permanent: true,
    }),
  );
  await options.cognito.send(
    new AdminAddUserToGroupCommand({
      UserPoolId: options.userPoolId,
      Username: account.email,
      GroupName: account.role,
    }),
  );
  return sub;
};

const ensureProfile = async (sub: string, account: DemoAccount, now: string): Promise<void> => {
  const existing = await ProfileEntity.get({ id: sub }).go();
  if (existing.data) return;
  await ProfileEntity.create({
    id: sub,
    email: account.email,
    username: account.username,
    display_name: account.displayName,
    bio: account.bio,
    website_url: account.websiteUrl,
    role: account.role,
    downloads_remaining: account.downloadsRemaining,
    download_quota: account.downloadQuota,
    daily_download_limit: account.dailyDownloadLimit,
    is_seller_approved: account.isSellerApproved,
    last_quota_reset_at: account.downloadQuota > 0 ? now : undefined,
    created_at: now,
    updated_at: now,
  }).go();
};

/**
 * Reserves a seeded username with its claim (docs/data-model.md §3.2), so nobody can take a demo
 * seller's name through the settings page. Claims written before are left alone.
 */
const ensureUsernameClaim = async (sub: string, account: DemoAccount, now: string) => {
  if (!account.username) return;
  const existing = await UsernameClaimEntity.get({ username: account.username }).go();
  if (existing.data) return;
  await UsernameClaimEntity.create({
    username: account.username,
    user_id: sub,
    created_at: now,
  }).go();
};

/** The general newsletter (settings, Notifications tab), created once. */
export const seedNewsletterTypes = async (): Promise<void> => {
  const existing = await NewsletterTypeEntity.get({ id: SITE_UPDATES_NEWSLETTER_ID }).go();
  if (existing.data) return;
  const now = new Date().toISOString();
  await NewsletterTypeEntity.create({
    id: SITE_UPDATES_NEWSLETTER_ID,
    name: 'Site updates',
    description: 'New templates, features and marketplace news, about once a month.',
    is_active: true,
    created_at: now,
    updated_at: now,
  }).go();
};

/**
 * Earlier seeds created `beta@demo.local`, whose fixed password beta access handed to every
 * visitor. A `.local/` kept from then still holds it: its Cognito user is deleted, so that
 * credential signs in nowhere any more (its templates and reviews stay as demo data).
 */
const LEGACY_SHARED_BETA_EMAIL = 'beta@demo.local';

const retireLegacySharedBetaAccount = async (options: SeedOptions): Promise<void> => {
  try {
    await options.cognito.send(
      new AdminDeleteUserCommand({
        UserPoolId: options.userPoolId,
        Username: LEGACY_SHARED_BETA_EMAIL,
      }),
    );
  } catch (error) {
    if ((error as { name?: string }).name !== 'UserNotFoundException') throw error;
  }
};

/** Creates the demo accounts and their profiles; returns them keyed by account. */
export const seedAccounts = async (
  options: SeedOptions,
): Promise<Map<DemoAccountKey, SeededUser>> => {
  await retireLegacySharedBetaAccount(options);
  const now = new Date().toISOString();
  const users = new Map<DemoAccountKey, SeededUser>();
  for (const account of demoAccounts) {
    const sub = await ensureCognitoUser(options, account);
    await ensureProfile(sub, account, now);
    await ensureUsernameClaim(sub, account, now);
    users.set(account.key, { sub, account });
  }
  return users;
};

const previewKeysOf = (template: SeedTemplate) =>
  Array.from(
    { length: template.previewCount },
    (_, index) => `${storageDesign.previewPrefix}mvps/${template.id}/${index + 1}.svg`,
  );

const bundleKeyOf = (template: SeedTemplate) =>
  `mvps/${template.id}/${template.versionNumber}/bundle.zip`;

const uploadFiles = async (options: SeedOptions, template: SeedTemplate): Promise<number> => {
  const previewKeys = previewKeysOf(template);
  await Promise.all(
    previewKeys.map((key, index) =>
      options.s3.send(
        new PutObjectCommand({
          Bucket: options.buckets.previewImages,
          Key: key,
          Body: renderPreviewSvg(template, index),
          ContentType: 'image/svg+xml',
        }),
      ),
    ),
  );
  const bundle = buildBundleZip(template);
  await options.s3.send(
    new PutObjectCommand({
      Bucket: options.buckets.mvpFiles,
      Key: bundleKeyOf(template),
      Body: bundle,
      ContentType: 'application/zip',
    }),
  );
  return bundle.byteLength;
};

const userOf = (users: Map<DemoAccountKey, SeededUser>, key: DemoAccountKey) => {
  const user = users.get(key);
  if (!user) throw new Error(`Demo account ${key} was not seeded.`);
  return user;
};

/** Writes one template with its files and reviews. */
const seedTemplate = async (
  options: SeedOptions,
  template: SeedTemplate,
  users: Map<DemoAccountKey, SeededUser>,
): Promise<void> => {
  const fileSize = await uploadFiles(options, template);
  const publishedAt = template.publishedAt;
  // Reviews arrive over the days after publication.
  const reviewDate = (index: number) =>
    new Date(
      Date.parse(publishedAt ?? '2025-03-01T00:00:00Z') + (index + 2) * 86_400_000,
    ).toISOString();
  for (const [index, review] of template.reviews.entries()) {
    const reviewer = userOf(users, review.by);
    await ReviewEntity.put({
      mvp_id: template.id,
      user_id: reviewer.sub,
      // One review per buyer and template, so the pair names the review.
      id: `${template.id}-${reviewer.sub}`,
      rating: review.rating,
      review_text: review.text,
      is_verified_buyer: true,
      user_email: reviewer.account.email,
      user_username: reviewer.account.username,
      created_at: reviewDate(index),
      updated_at: reviewDate(index),
    }).go();
  }
  const ratingSum = template.reviews.reduce((sum, review) => sum + review.rating, 0);
  const ratingCount = template.reviews.length;
  const createdAt = publishedAt
    ? new Date(Date.parse(publishedAt) - 86_400_000).toISOString()
    : new Date('2026-03-30T12:00:00Z').toISOString();
  const uploadedAt = publishedAt ?? createdAt;
  await MvpEntity.create({
    id: template.id,
    seller_id: userOf(users, template.seller).sub,
    title: template.title,
    slug: slugOf(template.title),
    tagline: template.tagline,
    description: template.description,
    features: template.features,
    tech_stack: template.techStack,
    category: template.category,
    file_key: bundleKeyOf(template),
    file_size: fileSize,
    original_file_name: `${slugOf(template.title)}.zip`,
    preview_image_keys: previewKeysOf(template),
    demo_url: template.demoUrl,
    github_url: template.githubUrl,
    licensing_terms: template.licensingTerms,
    status: template.status,
    version_number: template.versionNumber,
    changelog:
      template.versionNumber === '1.0.0' ? 'Initial release.' : 'Bug fixes and dependency updates.',
    published_at: publishedAt,
    access_tier: template.accessTier,
    price: template.price,
    download_count: template.downloadCount,
    rating_sum: ratingSum,
    rating_count: ratingCount,
    last_processing_error: template.lastProcessingError,
    created_at: createdAt,
    updated_at: publishedAt ?? createdAt,
  }).go();
  await MvpVersionEntity.create({
    mvp_id: template.id,
    // The first version shares the template's id: a stable key keeps reseeding idempotent.
    id: template.id,
    version_number: template.versionNumber,
    changelog:
      template.versionNumber === '1.0.0' ? 'Initial release.' : 'Bug fixes and dependency updates.',
    file_key: bundleKeyOf(template),
    file_size: fileSize,
    original_file_name: `${slugOf(template.title)}.zip`,
    source: 'upload',
    uploaded_at: uploadedAt,
  }).go();
};

/** Seeds everything (see the file comment); safe to run on every start. */
export const seedDemoData = async (options: SeedOptions): Promise<SeedSummary> => {
  const users = await seedAccounts(options);
  await seedNewsletterTypes();
  await seedSubscriptions(new Map([...users].map(([key, user]) => [key, user.sub])));
  let templatesWritten = 0;
  let approvedWritten = 0;
  for (const template of seedTemplates) {
    const existing = await MvpEntity.get({ id: template.id }).go();
    if (existing.data) continue;
    await seedTemplate(options, template, users);
    // The `mvps` status counter counts what was written, so a reseed adds nothing (§3.17).
    await CounterEntity.update({ name: 'mvps', bucket: template.status, shard: 0 })
      .add({ value: 1 })
      .set({ updated_at: new Date().toISOString() })
      .go();
    templatesWritten += 1;
    if (template.status === 'approved') approvedWritten += 1;
  }
  if (templatesWritten > 0) await bumpCatalogVersion({ approvedDelta: approvedWritten });
  await seedDownloads(new Map([...users].map(([key, user]) => [key, user.sub])));
  // The browse snapshot a new catalog container starts from, with the counters just seeded (the
  // schedule rewrites it every few minutes from then on). Seeded templates carry their historic
  // `updated_at`, which a catalog that reads "changes since" would not see: the snapshot has them.
  await publishCatalogSnapshot();
  return {
    users: users.size,
    templates: seedTemplates.filter((template) => template.status === 'approved').length,
    templatesWritten,
  };
};
