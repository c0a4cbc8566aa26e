/**
 * The demo's money, made the way a user makes it: through the product's own checkout and Connect
 * services, paid on the local Stripe server (its control API plays the card holder and the
 * seller filling in the onboarding form), and recorded by the real webhook route when Stripe's
 * queued events are delivered once the site is up.
 *
 * Phase 1 (`seedMoney`, before the site listens): the demo buyer's Pro and the maker's Premium
 * subscriptions, started last month and renewed this month (so last month has subscription
 * revenue), and the buyer's purchase this month of the template they deployed; the maker's downloads of the sellers' templates last month; seller@demo.local's
 * Connect account, onboarded (studio@demo.local stays unconnected: its payout waits as pending).
 * Phase 2 (`settleMoney`, after the webhooks are delivered): one pending refund request of the
 * buyer, and last month's payout run, so `/payouts` shows a completed payout for the seller.
 *
 * Idempotent: an account whose Stripe customer (or Connect account) exists is left alone, past
 * downloads have fixed ids, the refund request is filed only if the buyer has none, and the
 * payout run pays nobody twice.
 */
import { createCheckoutSession } from '../../../lambdas/billing/checkout';
import { createConnectAccountLink } from '../../../lambdas/billing/connect';
import { stripeCustomerOf } from '../../../lambdas/billing/stripe-customer';
import { listSubscriptions } from '../../../lambdas/ledger/service';
import { importPastDownload } from '../../../lambdas/downloads/service';
import { startMonthlyPayouts } from '../../../lambdas/payouts/tasks/start-monthly-payouts';
import { connectAccountOf } from '../../../lambdas/payouts/connect-account';
import { listRefundRequests, submitRefundRequest } from '../../../lambdas/refunds/service';
import {
  createLocalStripeControl,
  type LocalStripeControl,
} from '../servers/stripe/control-client';
import type { DemoAccountKey } from './accounts';
import { DEMO_DEPLOYED_TEMPLATE_ID } from './deployment';
import { seedTemplates } from './templates';

export interface MoneySeedOptions {
  /** Cognito subs and e-mails of the demo accounts. */
  users: ReadonlyMap<DemoAccountKey, { sub: string; email: string }>;
  /** The site's origin (return addresses of checkout and onboarding). */
  siteUrl: string;
  now?: Date;
}

const DEMO_CARD = '4242424242424242';

/** The month before `now` (UTC) and a moment early in it. */
const lastMonth = (now: Date) => {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1, 9, 0, 0);
  return { monthYear: new Date(start).toISOString().slice(0, 7), startSeconds: start / 1000 };
};

/** The local Stripe server's control API, when the local stack runs one. */
const localControl = (): LocalStripeControl | null => {
  const endpoint = process.env.STRIPE_API_URL;
  const key = process.env.STRIPE_SECRET_KEY;
  return endpoint && key?.startsWith('sk_test_local')
    ? createLocalStripeControl(endpoint, key)
    : null;
};

const demoSubscriptions: readonly {
  account: DemoAccountKey;
  price: 'STRIPE_PRICE_PRO' | 'STRIPE_PRICE_PREMIUM';
}[] = [
  { account: 'buyer', price: 'STRIPE_PRICE_PRO' },
  { account: 'maker', price: 'STRIPE_PRICE_PREMIUM' },
];

/** Last month's downloads by the maker: three of seller@demo.local's templates, one of studio's. */
const pastDownloads = (monthYear: string) => {
  const pick = (seller: DemoAccountKey, count: number) =>
    seedTemplates
      .filter((template) => template.seller === seller && template.status === 'approved')
      .filter((template) => template.accessTier !== 'one_time_sale')
      .slice(0, count);
  return [...pick('seller', 3), ...pick('studio', 1)].map((template, index) => ({
    id: `01JQ0000000000000000PAYD0${index + 1}`,
    mvpId: template.id,
    downloadedAt: `${monthYear}-1${index}T10:00:00.000Z`,
  }));
};

/** The templates the maker downloaded last month (their reviews of these are verified). */
export const makerPastDownloadTemplateIds = (): string[] =>
  pastDownloads('2000-01').map((download) => download.mvpId);

/**
 * The demo buyer's one-time purchase of the template they deployed (deployment.ts), this month,
 * through the product's checkout: the order and its licence are recorded when its events reach
 * the webhook route, and the deploy's download is spent then (`settleDeployment`).
 */
const buyDeployedTemplate = async (
  control: LocalStripeControl,
  caller: { userId: string; email: string; signUpRole: null },
  siteUrl: string,
  now: Date,
): Promise<void> => {
  const session = await createCheckoutSession(
    caller,
    {
      mode: 'payment',
      mvp_id: DEMO_DEPLOYED_TEMPLATE_ID,
      success_url: `${siteUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${siteUrl}/mvp/${DEMO_DEPLOYED_TEMPLATE_ID}`,
    },
    siteUrl,
  );
  await control.completeCheckout(session.session_id, {
    card: DEMO_CARD,
    now: Math.floor(now.getTime() / 1000),
  });
};

/** Phase 1; returns whether it created anything (then phase 2 runs last month's payouts). */
export const seedMoney = async (options: MoneySeedOptions): Promise<boolean> => {
  const control = localControl();
  if (!control) return false;
  const now = options.now ?? new Date();
  const { monthYear, startSeconds } = lastMonth(now);
  let created = false;

  for (const { account, price } of demoSubscriptions) {
    const user = options.users.get(account);
    const priceId = process.env[price];
    if (!user || !priceId) continue;
    if (await stripeCustomerOf(user.sub)) continue;
    const caller = { userId: user.sub, email: user.email, signUpRole: null };
    const session = await createCheckoutSession(
      caller,
      {
        mode: 'subscription',
        price_id: priceId,
        success_url: `${options.siteUrl}/success?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${options.siteUrl}/pricing?canceled=true`,
      },
      options.siteUrl,
    );
    const paid = await control.completeCheckout(session.session_id, {
      card: DEMO_CARD,
      now: startSeconds,
    });
    // Renewed at the end of last month's period: this month is paid too.
    await control.advanceSubscription(paid.session.subscription as string, {
      now: Math.floor(now.getTime() / 1000),
    });
    if (account === 'buyer') await buyDeployedTemplate(control, caller, options.siteUrl, now);
    created = true;
  }

  const maker = options.users.get('maker');
  if (maker) {
    for (const download of pastDownloads(monthYear)) {
      await importPastDownload({ ...download, userId: maker.sub });
    }
  }

  const seller = options.users.get('seller');
  if (seller && !(await connectAccountOf(seller.sub)).accountId) {
    await createConnectAccountLink(
      { userId: seller.sub, email: seller.email, signUpRole: null },
      options.siteUrl,
    );
    const { accountId } = await connectAccountOf(seller.sub);
    if (accountId) await control.completeOnboarding(accountId, { businessName: 'Launchpad Labs' });
    created = true;
  }
  return created;
};

/** Phase 2, once Stripe's events have been applied by the webhook route. */
export const settleMoney = async (
  options: MoneySeedOptions & { runPayouts: boolean },
): Promise<void> => {
  const control = localControl();
  if (!control) return;
  // Stripe's queued events reach the webhook route once it has an address (the local stack sets
  // it when the site listens); tests that deliver events themselves leave it unset.
  if ((await control.webhooks()).url) await control.waitForWebhooks(30_000);
  const buyer = options.users.get('buyer');
  if (buyer && (await listRefundRequests(buyer.sub)).length === 0) {
    const [subscription] = await listSubscriptions(buyer.sub);
    if (subscription) {
      await submitRefundRequest(
        { userId: buyer.sub, email: buyer.email },
        {
          subscription_id: subscription.id,
          reason: 'I meant to choose Basic: I only need a few downloads a month.',
          amount_requested: 1,
        },
      );
    }
  }
  if (options.runPayouts) {
    await startMonthlyPayouts({ month_year: lastMonth(options.now ?? new Date()).monthYear });
  }
};
