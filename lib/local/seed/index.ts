/**
 * Seeds the demo data: accounts in the user pool with their profiles, 32 templates (30 approved)
 * with preview images and zip bundles, a few reviews, and the catalog version counter.
 *
 * Idempotent: accounts are found by email, templates by their fixed ids; what exists is left as
 * it is. Everything is written through the domains' own import functions (profiles, templates,
 * reviews, downloads, newsletter): key layouts, defaults, counters and the catalog version are
 * theirs, the seed brings the content only.
 *
 * 1. accounts: Cognito user (confirmed, permanent password, group) → profile and username claim;
 *    the newsletter: its general type, a few subscribers, the demo buyer's and seller's toggles;
 *    the demo applicant's pending seller application (applications.ts)
 * 2. templates: files and items through the templates domain (one catalog move for the batch),
 *    then their reviews
 * 3. the demo buyer's past download
 * 4. the browse snapshot is written (docs/data-model.md, section 5)
 * 5. the money (money.ts): subscriptions paid on the local Stripe server, last month's downloads,
 *    a Connect account; once the site is up (`settle`), a refund request and last month's payouts
 * 6. with the local GitHub and Netlify servers: the GitHub link, the buyer's deployment (shown on
 *    `/stories`; its download spent once the purchase is recorded, in `settle`), and each
 *    template's demo site and repository (demo-sites.ts; in the background, `demoSites`)
 */
import type { LocalGithubControl } from '../servers/github/control-client';
import type { LocalNetlifyControl } from '../servers/netlify/control-client';
import { seedSellerApplication } from './applications';
import { DEMO_DEPLOYED_TEMPLATE_ID, seedDeployment, settleDeployment } from './deployment';
import { demoLinksOf, seedDemoSites, type DemoServers } from './demo-sites';
import { seedGithubLink } from './github';
import {
  AdminAddUserToGroupCommand,
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminSetUserPasswordCommand,
  type CognitoIdentityProviderClient,
} from '@aws-sdk/client-cognito-identity-provider';
import { publishCatalogSnapshot } from '../../../lambdas/catalog/service';
import {
  ensureNewsletterType,
  importNewsletterDemo,
  subscribeUnlessChosen,
} from '../../../lambdas/newsletter/service';
import { computeContentId } from '../../../lambdas/processing/cid';
import { ensureCodePreview } from '../../../lambdas/processing/tasks/scan';
import { importProfile } from '../../../lambdas/profiles/import';
import { handler as backfillUserSearchTask } from '../../../lambdas/profiles/tasks/backfill-user-search';
import { handler as backfillHeldEditsTask } from '../../../lambdas/templates/tasks/backfill-held-edits';
import { importReviews } from '../../../lambdas/reviews/service';
import { SITE_UPDATES_NEWSLETTER_ID } from '../../../contract/newsletter';
import { authDesign } from '../../../contract/design/auth-design';
import { importTemplates, type TemplateImport } from '../../../lambdas/templates/import';
import { demoAccounts, type DemoAccount, type DemoAccountKey } from './accounts';
import { buildBundleZip, renderPreviewSvg, slugOf } from './assets';
import { seedTemplates, type SeedTemplate } from './templates';
import { SEEDED_DOWNLOAD, seedDownloads } from './downloads';
import { makerPastDownloadTemplateIds, seedMoney, settleMoney } from './money';

export interface SeedOptions {
  cognito: CognitoIdentityProviderClient;
  userPoolId: string;
  /** The site's origin (`http://localhost:<port>`): return addresses of the demo's payments. */
  siteUrl: string;
  /** The local GitHub server: the demo seller's repository, App installation and linked template. */
  github?: { endpoint: string; control: LocalGithubControl };
  /**
   * The local Netlify server: the demo buyer's completed deployment is published there, and with
   * its `endpoint` (and `github`), every demo template's Live Demo site and Repository.
   */
  netlify?: { control: LocalNetlifyControl; endpoint?: string };
}

export interface SeedSummary {
  /** Demo accounts present after seeding. */
  users: number;
  /** Approved templates present after seeding. */
  templates: number;
  /** Templates this run wrote (0 on a reseed). */
  templatesWritten: number;
  /**
   * The part of the demo that needs the site up: call once the webhook route listens (the
   * refund request and last month's payouts need the payments the webhook records).
   */
  settle: () => Promise<void>;
  /**
   * Makes the demo templates' sites and repositories, a few at a time, until done or `signal`
   * aborts (then after the templates in hand). Never rejects: a failure is logged.
   */
  demoSites: (signal: AbortSignal) => Promise<void>;
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
  const created = await options.cognito
    .send(
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
    )
    .catch((error: unknown) => {
      // Two seeds at once (test files sharing a user pool): the other one created it first.
      if ((error as { name?: string }).name === 'UsernameExistsException') return null;
      throw error;
    });
  if (!created) {
    const sub = await findUserSub(options, account.email);
    if (!sub) throw new Error(`cognito-local lost ${account.email} after creating it.`);
    return sub;
  }
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

/** The general newsletter (settings, Notifications tab), created once. */
export const seedNewsletterTypes = (): Promise<void> =>
  ensureNewsletterType({
    id: SITE_UPDATES_NEWSLETTER_ID,
    name: 'Site updates',
    description: 'New templates, features and marketplace news, about once a month.',
  });

/** Launch-page addresses for the admin's Subscribers tab (one unsubscribed since). */
export const demoNewsletterSubscribers = [
  { email: 'ada@example.com', source: 'launch_page', subscribed_at: '2026-03-02T09:15:00.000Z' },
  { email: 'grace@example.com', source: 'launch_page', subscribed_at: '2026-03-05T17:40:00.000Z' },
  {
    email: 'linus@example.com',
    source: 'launch_page',
    subscribed_at: '2026-03-09T11:05:00.000Z',
    unsubscribed_at: '2026-04-01T08:00:00.000Z',
  },
  {
    email: 'margaret@example.com',
    source: 'launch_page',
    subscribed_at: '2026-03-20T14:30:00.000Z',
  },
] as const;

/**
 * The newsletter's demo data: the addresses above, and the demo buyer and seller subscribed to
 * site updates from their settings (the User subscriptions tab). Left as is once there.
 */
const seedNewsletter = (users: Map<DemoAccountKey, SeededUser>): Promise<void> =>
  importNewsletterDemo({
    subscribers: demoNewsletterSubscribers,
    users: (['buyer', 'seller'] as const).map((key) => {
      const user = userOf(users, key);
      return {
        userId: user.sub,
        email: user.account.email,
        newsletterTypeId: SITE_UPDATES_NEWSLETTER_ID,
      };
    }),
  });

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
    await importProfile({ id: sub, ...account }, now);
    users.set(account.key, { sub, account });
  }
  return users;
};

const userOf = (users: Map<DemoAccountKey, SeededUser>, key: DemoAccountKey) => {
  const user = users.get(key);
  if (!user) throw new Error(`Demo account ${key} was not seeded.`);
  return user;
};

const changelogOf = (template: SeedTemplate) =>
  template.versionNumber === '1.0.0' ? 'Initial release.' : 'Bug fixes and dependency updates.';

/**
 * What the demo accounts have used, as the seed writes it: the demo buyer's past download and
 * deployment, the maker's downloads of last month. A demo review is verified only when its author
 * used the template, so the demo ratings follow the same rule as real ones.
 */
const seededUse = (): ReadonlySet<string> =>
  new Set([
    `${SEEDED_DOWNLOAD.account}|${SEEDED_DOWNLOAD.mvpId}`,
    `buyer|${DEMO_DEPLOYED_TEMPLATE_ID}`,
    ...makerPastDownloadTemplateIds().map((templateId) => `maker|${templateId}`),
  ]);

export const isVerifiedSeedReview = (
  template: Pick<SeedTemplate, 'id'>,
  review: Pick<SeedTemplate['reviews'][number], 'by'>,
): boolean => seededUse().has(`${review.by}|${template.id}`);

/** One demo template as the templates domain imports it: content, files and past figures. */
const templateImportOf = (
  template: SeedTemplate,
  users: Map<DemoAccountKey, SeededUser>,
  links: { demoUrl: string; githubUrl: string } | undefined,
): TemplateImport => ({
  id: template.id,
  sellerId: userOf(users, template.seller).sub,
  title: template.title,
  slug: slugOf(template.title),
  tagline: template.tagline,
  description: template.description,
  features: template.features,
  techStack: template.techStack,
  category: template.category,
  accessTier: template.accessTier,
  price: template.price,
  licensingTerms: template.licensingTerms,
  status: template.status,
  versionNumber: template.versionNumber,
  changelog: changelogOf(template),
  // A day before publication; the two unpublished ones at a fixed moment.
  createdAt: template.publishedAt
    ? new Date(Date.parse(template.publishedAt) - 86_400_000).toISOString()
    : new Date('2026-03-30T12:00:00Z').toISOString(),
  publishedAt: template.publishedAt,
  lastProcessingError: template.lastProcessingError,
  demoUrl: links?.demoUrl,
  githubUrl: links?.githubUrl,
  downloadCount: template.downloadCount,
  // The average counts verified reviews only, as a review written through the API would.
  ratingSum: template.reviews
    .filter((review) => isVerifiedSeedReview(template, review))
    .reduce((sum, review) => sum + review.rating, 0),
  ratingCount: template.reviews.filter((review) => isVerifiedSeedReview(template, review)).length,
  bundle: {
    bytes: buildBundleZip(template),
    fileName: `${slugOf(template.title)}.zip`,
    contentType: 'application/zip',
  },
  previews: Array.from({ length: template.previewCount }, (_, index) => ({
    body: renderPreviewSvg(template, index),
    contentType: 'image/svg+xml',
    extension: 'svg',
  })),
});

/** The reviews of a demo template, arriving over the days after its publication. */
const reviewsOf = (template: SeedTemplate, users: Map<DemoAccountKey, SeededUser>) =>
  template.reviews.map((review, index) => {
    const reviewer = userOf(users, review.by);
    const at = new Date(
      Date.parse(template.publishedAt ?? '2025-03-01T00:00:00Z') + (index + 2) * 86_400_000,
    ).toISOString();
    return {
      mvp_id: template.id,
      user_id: reviewer.sub,
      // One review per buyer and template, so the pair names the review.
      id: `${template.id}-${reviewer.sub}`,
      rating: review.rating,
      review_text: review.text,
      is_verified_buyer: isVerifiedSeedReview(template, review),
      user_email: reviewer.account.email,
      user_username: reviewer.account.username,
      ...(reviewer.account.displayName && { user_display_name: reviewer.account.displayName }),
      created_at: at,
      updated_at: at,
    };
  });

/**
 * The demo templates, imported as processed (the one waiting for an admin with its scan and CID),
 * and the code preview of each approved one.
 */
const seedTemplatesWithPreviews = async (
  users: Map<DemoAccountKey, SeededUser>,
  linksOf: (template: SeedTemplate) => ReturnType<typeof demoLinksOf> | undefined,
) => {
  const written = await importTemplates(
    await Promise.all(
      seedTemplates.map(async (template) => {
        const imported = templateImportOf(template, users, linksOf(template));
        // The one waiting for an admin was processed (scan, CID) like any upload before it.
        if (template.status !== 'pending_review') return imported;
        const { cid } = await computeContentId(
          (async function* () {
            yield imported.bundle.bytes;
          })(),
        );
        return { ...imported, ipfsHash: cid };
      }),
    ),
  );
  // Imported templates skip the pipeline: the Scan task writes each approved one's code preview
  // (manifest and pack) once; later starts find it and scan nothing.
  for (const template of seedTemplates.filter((item) => item.status === 'approved')) {
    // The version id of an imported template is its own id (lambdas/templates/import.ts).
    if (!(await ensureCodePreview(template.id, template.id))) {
      throw new Error(`The demo template ${template.title} has no code preview (scan not clean).`);
    }
  }
  return written;
};

/** Seeds everything (see the file comment); safe to run on every start. */
export const seedDemoData = async (options: SeedOptions): Promise<SeedSummary> => {
  const users = await seedAccounts(options);
  // Profiles from a `.local/` older than the user search index get their index items.
  await backfillUserSearchTask();
  // Edits held for an admin in a `.local/` older than their HeldEdit item get it.
  await backfillHeldEditsTask();
  await seedNewsletterTypes();
  await seedNewsletter(users);
  const applicant = userOf(users, 'applicant');
  await seedSellerApplication({ sub: applicant.sub, email: applicant.account.email });
  // The demo buyer reads the site updates: an issue sent locally lands in the local SES inbox.
  const buyer = userOf(users, 'buyer');
  await subscribeUnlessChosen(
    { userId: buyer.sub, email: buyer.account.email },
    SITE_UPDATES_NEWSLETTER_ID,
  );
  // Live Demo and Repository lead to the template's own site and repository on the local servers
  // (made below, once the templates exist), never to a placeholder address.
  const demoServers: DemoServers | undefined =
    options.github && options.netlify?.endpoint
      ? {
          github: options.github,
          netlify: { control: options.netlify.control, endpoint: options.netlify.endpoint },
        }
      : undefined;
  const linksOf = (template: SeedTemplate) =>
    demoServers && template.status === 'approved'
      ? demoLinksOf(template, {
          github: demoServers.github.endpoint,
          netlify: demoServers.netlify.endpoint,
        })
      : undefined;
  const templatesWritten = await seedTemplatesWithPreviews(users, linksOf);
  await importReviews(seedTemplates.flatMap((template) => reviewsOf(template, users)));
  await seedDownloads(new Map([...users].map(([key, user]) => [key, user.sub])));
  // The browse snapshot a new catalog container starts from, with the counters just seeded (the
  // schedule rewrites it every few minutes from then on). Seeded templates carry their historic
  // `updated_at`, which a catalog that reads "changes since" would not see: the snapshot has them.
  await publishCatalogSnapshot();
  const money = {
    users: new Map(
      [...users].map(([key, user]) => [key, { sub: user.sub, email: user.account.email }]),
    ),
    siteUrl: options.siteUrl,
  };
  const runPayouts = await seedMoney(money);
  if (options.github) {
    await seedGithubLink({ github: options.github, sellerSub: userOf(users, 'seller').sub });
  }
  // The sites and repositories take a while (a few git runs each): the stack makes them in the
  // background once it is up (`demoSites`). The links are stored already.
  const demoSites = (signal: AbortSignal): Promise<void> =>
    demoServers
      ? seedDemoSites(demoServers, seedTemplates, signal).catch((error: unknown) => {
          if (!signal.aborted)
            console.error('Seeding the demo sites and repositories failed:', error);
        })
      : Promise.resolve();
  if (options.github && options.netlify) {
    await seedDeployment({
      github: options.github.control,
      netlify: options.netlify.control,
      buyerSub: buyer.sub,
    });
  }
  return {
    settle: async () => {
      await settleMoney({ ...money, runPayouts });
      await settleDeployment(buyer.sub);
    },
    demoSites,
    users: users.size,
    templates: seedTemplates.filter((template) => template.status === 'approved').length,
    templatesWritten,
  };
};
