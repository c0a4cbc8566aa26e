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
 *    the demo applicant's pending seller application (users.ts, newsletter.ts, applications.ts)
 * 2. templates: files and items through the templates domain (one catalog move for the batch),
 *    then their reviews (template-import.ts)
 * 3. the demo buyer's past download
 * 4. the browse snapshot is written (docs/data-model.md, section 5)
 * 5. the money (money.ts): subscriptions paid on the local Stripe server, last month's downloads,
 *    a Connect account; once the site is up (`settle`), a refund request and last month's payouts
 * 6. with the local GitHub and Netlify servers: the GitHub link, the buyer's deployment (shown on
 *    `/stories`; its download spent once the purchase is recorded, in `settle`), and each
 *    template's demo site and repository (demo-sites.ts; in the background, `demoSites`)
 * 7. the Vite demo template's build, by the pipeline's build steps (builds.ts; `demoBuild`)
 */
import type { LocalGithubControl } from '../servers/github/control-client';
import type { LocalNetlifyControl } from '../servers/netlify/control-client';
import { seedSellerApplication } from './applications';
import { seedDeployment, settleDeployment } from './deployment';
import { demoLinksOf, seedDemoSites, type DemoServers } from './demo-sites';
import { seedGithubLink } from './github';
import type { CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import { publishCatalogSnapshot } from '../../../lambdas/catalog/service';
import { subscribeUnlessChosen } from '../../../lambdas/newsletter/service';
import { handler as backfillUserSearchTask } from '../../../lambdas/profiles/tasks/backfill-user-search';
import { handler as backfillHeldEditsTask } from '../../../lambdas/templates/tasks/backfill-held-edits';
import { handler as backfillBuildMarksTask } from '../../../lambdas/processing/tasks/backfill-build-marks';
import { handler as backfillEntitlementsTask } from '../../../lambdas/downloads/tasks/backfill-entitlements';
import { handler as backfillStripeFieldsTask } from '../../../lambdas/billing/tasks/backfill-stripe-fields';
import { importReviews } from '../../../lambdas/reviews/service';
import { SITE_UPDATES_NEWSLETTER_ID } from '../../../contract/newsletter';
import { seedNewsletter, seedNewsletterTypes } from './newsletter';
import { reviewsOf, seedTemplatesWithPreviews } from './template-import';
import { seedTemplates, type SeedTemplate } from './templates';
import { seedDownloads } from './downloads';
import { seedSearchCounts } from './searches';
import { seedMoney, settleMoney } from './money';
import { seedAccounts, userOf } from './users';
import { seedDemoBuild } from './builds';

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
  /**
   * Starts the Vite demo template's build (builds.ts) unless it has one, on the workflow runner
   * the stack registered; the build itself runs in the background. Never rejects.
   */
  demoBuild: () => Promise<void>;
}

/** Seeds everything (see the file comment); safe to run on every start. */
export const seedDemoData = async (options: SeedOptions): Promise<SeedSummary> => {
  // Profiles from a `.local/` older than the Entitlement item move their quota into it first, so
  // the demo accounts' import below (an entitlement only where none exists) keeps what they had.
  await backfillEntitlementsTask();
  // Their Stripe customer and Connect account move into their own items too, so the money seed
  // below finds the demo accounts' customer and account where billing and payouts look first.
  await backfillStripeFieldsTask();
  const users = await seedAccounts(options);
  // Profiles from a `.local/` older than the user search index get their index items.
  await backfillUserSearchTask();
  // Edits held for an admin in a `.local/` older than their HeldEdit item get it.
  await backfillHeldEditsTask();
  // Live templates built in a `.local/` older than the cards' build badge get it on their card.
  await backfillBuildMarksTask();
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
  await seedSearchCounts();
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
    demoBuild: () =>
      seedDemoBuild().then(
        () => undefined,
        (error: unknown) => console.error('The demo template build did not start:', error),
      ),
    users: users.size,
    templates: seedTemplates.filter((template) => template.status === 'approved').length,
    templatesWritten,
  };
};
