/**
 * Checkout (the pricing and payment success pages): a Stripe Checkout Session for a plan or a
 * one-time-sale template, its status for the success page, and the caller's changes to their
 * subscription. One Stripe customer per user, created once (idempotency key per user) and stored.
 */
import { businessMetrics } from '../../contract/design/metrics';
import { countFact } from '../shared/business-metrics';
import { stripe, isStripeError, type Stripe } from '../shared/adapters/stripe';
import { throwIfThirdPartyUnavailable } from '../shared/adapters/unavailable';
import {
  CHECKOUT_MESSAGES,
  ENTERPRISE_MESSAGES,
  type BillingPortalRequest,
  type BillingPortalResult,
  type CheckoutRequest,
  type CheckoutResult,
  type CheckoutStatus,
  type SubscriptionUpdate,
} from '../../contract/billing';
import { toPence } from '../../contract/money';
import type { SubscriptionView } from '../../contract/subscriptions';
import { blocksNewSubscription, isActiveSubscriptionStatus } from '../../contract/subscriptions';
import {
  ConflictError,
  DependencyFailedError,
  ForbiddenError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import { logger } from '../shared/observability';
import { getApprovedTemplateItem } from '../catalog/template-items';
import type { AuthContext } from '../shared/auth/claims';
import { ensureProfile } from '../profiles/service';
import { stripeCustomerOf } from './stripe-customer';
import { getEntitlement } from '../downloads/entitlement';
import { isManualSubscription } from './enterprise';
import { planOfPrice, planPrices } from './plans';
import { getNewestSubscriptionOfUser, getOrder, getSubscriptionOfUser } from '../ledger/service';
import { ownedTemplateOrder, toSubscriptionView } from '../ledger/service';
import { recordStripeCustomer } from '../ledger/stripe-customer';
import { applySubscription, subscriptionItemId } from './subscription-sync';

/** Who is paying: the verified identity (the profile is created on first sight if needed). */
export type Caller = Pick<AuthContext, 'userId' | 'email' | 'signUpRole'>;

/** Return addresses must be on the site the request came from: no open redirect through Stripe. */
const assertOnSite = (urls: string[], origin: string | undefined) => {
  for (const url of urls) {
    if (!origin || new URL(url).origin !== origin) {
      throw new ValidationError(CHECKOUT_MESSAGES.redirectNotAllowed);
    }
  }
};

/** The user's Stripe customer: the stored one, or a new one (once, even under retries). */
const ensureCustomer = async (caller: Caller): Promise<string> => {
  await ensureProfile(caller);
  const stored = await stripeCustomerOf(caller.userId);
  if (stored) return stored;
  let customer: Stripe.Customer;
  try {
    customer = await (
      await stripe()
    ).customers.create(
      { email: caller.email, metadata: { user_id: caller.userId } },
      { idempotencyKey: `customer-${caller.userId}` },
    );
  } catch (error) {
    return stripeFailure(error, CHECKOUT_MESSAGES.createFailed);
  }
  // Stored once: the first stored wins and is what the caller uses, so two checkouts at once
  // leave the user one customer in our records.
  return recordStripeCustomer(caller.userId, customer.id);
};

/**
 * A Stripe that did not answer is its one 503 (nothing was charged: these calls make a customer,
 * a session or a link; `retrySafe` for a change that may charge); a refusal is a 502 with `message`.
 */
const stripeFailure = (
  error: unknown,
  message: string,
  options: { retrySafe?: boolean } = {},
): never => {
  throwIfThirdPartyUnavailable(error, options);
  if (isStripeError(error)) {
    logger.error('Stripe refused a checkout call', { type: error.type, code: error.code });
    throw new DependencyFailedError(message);
  }
  throw error;
};

/**
 * 1. Check the return addresses and what is bought (a sold plan; an approved one-time-sale
 *    template not owned yet). 2. Find or create the customer. 3. Create the session.
 */
export const createCheckoutSession = async (
  caller: Caller,
  request: CheckoutRequest,
  origin: string | undefined,
): Promise<CheckoutResult> => {
  assertOnSite([request.success_url, request.cancel_url], origin);
  let params: Stripe.Checkout.SessionCreateParams;
  if (request.mode === 'subscription') {
    const plan = planOfPrice(request.price_id);
    if (!plan) throw new ValidationError(CHECKOUT_MESSAGES.invalidPlan);
    const current = await getNewestSubscriptionOfUser(caller.userId);
    if (current && blocksNewSubscription(current.status)) {
      throw new ConflictError(
        !isActiveSubscriptionStatus(current.status)
          ? CHECKOUT_MESSAGES.pastDue
          : current.plan_type === plan
            ? CHECKOUT_MESSAGES.alreadyOnPlan
            : CHECKOUT_MESSAGES.useChangePlan,
      );
    }
    params = {
      mode: 'subscription',
      line_items: [{ price: request.price_id, quantity: 1 }],
      subscription_data: { metadata: { user_id: caller.userId, plan_type: plan } },
      metadata: { user_id: caller.userId, plan_type: plan },
    };
  } else {
    const template = await getApprovedTemplateItem(request.mvp_id);
    const pence =
      template.access_tier === 'one_time_sale' && template.price ? toPence(template.price) : null;
    if (!pence) throw new ValidationError(CHECKOUT_MESSAGES.notForSale);
    // A seller buying their own template would grow its sales, licences and their payout.
    if (template.seller_id === caller.userId)
      throw new ForbiddenError(CHECKOUT_MESSAGES.ownTemplate);
    if (await ownedTemplateOrder(caller.userId, template.id)) {
      throw new ConflictError(CHECKOUT_MESSAGES.alreadyOwned);
    }
    const metadata = {
      user_id: caller.userId,
      mvp_id: template.id,
      mvp_title: template.title.slice(0, 450),
      seller_id: template.seller_id,
      version_number: template.version_number,
      licensing_terms: template.licensing_terms,
    };
    params = {
      mode: 'payment',
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'gbp',
            unit_amount: pence,
            product_data: { name: template.title.slice(0, 250) },
          },
        },
      ],
      payment_intent_data: { metadata },
      metadata,
    };
  }
  const customer = await ensureCustomer(caller);
  let session: Stripe.Checkout.Session;
  try {
    session = await (
      await stripe()
    ).checkout.sessions.create({
      ...params,
      customer,
      client_reference_id: caller.userId,
      success_url: request.success_url,
      cancel_url: request.cancel_url,
    });
  } catch (error) {
    return stripeFailure(error, CHECKOUT_MESSAGES.createFailed);
  }
  if (!session.url) throw new DependencyFailedError(CHECKOUT_MESSAGES.noUrl);
  countFact(businessMetrics.checkoutsStarted);
  return { url: session.url, session_id: session.id };
};

/**
 * The success page's poll: Stripe's session (only the caller's own: another user's id is simply
 * not found), then whether our webhook has recorded its effect.
 */
export const getCheckoutStatus = async (
  userId: string,
  sessionId: string,
): Promise<CheckoutStatus> => {
  let session: Stripe.Checkout.Session;
  try {
    session = await (
      await stripe()
    ).checkout.sessions.retrieve(sessionId, {
      expand: ['subscription'],
    });
  } catch (error) {
    throwIfThirdPartyUnavailable(error);
    if (isStripeError(error) && error.statusCode === 404) {
      throw new NotFoundError(CHECKOUT_MESSAGES.sessionNotFound);
    }
    throw error;
  }
  if (session.client_reference_id !== userId) {
    throw new NotFoundError(CHECKOUT_MESSAGES.sessionNotFound);
  }
  const base: CheckoutStatus = {
    session_id: session.id,
    mode: session.mode === 'payment' ? 'payment' : 'subscription',
    status: session.status === 'expired' ? 'expired' : 'open',
    plan_type: null,
    downloads_remaining: null,
    download_quota: null,
    mvp_id: session.metadata?.mvp_id ?? null,
    mvp_title: session.metadata?.mvp_title ?? null,
    amount_total: session.amount_total ?? null,
    currency: session.currency ?? 'gbp',
  };
  if (session.status !== 'complete') return base;
  if (session.mode === 'payment') {
    const order = await getOrder(session.id);
    return { ...base, status: order?.status === 'completed' ? 'complete' : 'processing' };
  }
  const subscription = session.subscription;
  if (!subscription || typeof subscription === 'string') return { ...base, status: 'processing' };
  const [item, entitlement] = await Promise.all([
    getSubscriptionOfUser(userId, subscriptionItemId(subscription.id, subscription.created)),
    getEntitlement(userId),
  ]);
  const activated =
    item !== null &&
    isActiveSubscriptionStatus(item.status) &&
    entitlement?.lastQuotaResetAt != null &&
    entitlement.lastQuotaResetAt >= item.current_period_start;
  if (!activated) return { ...base, status: 'processing', plan_type: item?.plan_type ?? null };
  return {
    ...base,
    status: 'complete',
    plan_type: item.plan_type,
    downloads_remaining: entitlement.downloadsRemaining,
    download_quota: entitlement.downloadQuota,
  };
};

/**
 * `PATCH /api/subscriptions/current`: cancel at period end, resume, or switch plan (prorated, the
 * difference invoiced at once). Stripe is changed first; its answer is written as the newest state,
 * and the webhook's events about the change then find nothing newer to do.
 */
export const updateCurrentSubscription = async (
  userId: string,
  change: SubscriptionUpdate,
): Promise<SubscriptionView> => {
  const current = await getNewestSubscriptionOfUser(userId);
  if (!current || !isActiveSubscriptionStatus(current.status)) {
    throw new ConflictError(CHECKOUT_MESSAGES.noSubscription);
  }
  if (isManualSubscription(current)) throw new ConflictError(ENTERPRISE_MESSAGES.managedBySales);
  const client = await stripe();
  const params: Stripe.SubscriptionUpdateParams = { expand: ['default_payment_method'] };
  if (change.price_id !== undefined) {
    const plan = planOfPrice(change.price_id);
    if (!plan) throw new ValidationError(CHECKOUT_MESSAGES.invalidPlan);
    if (plan !== current.plan_type) {
      const existing = await client.subscriptions
        .retrieve(current.stripe_subscription_id)
        .catch((error: unknown) => stripeFailure(error, CHECKOUT_MESSAGES.fetchSubscriptionFailed));
      const item = existing.items.data[0];
      if (!item) throw new ConflictError(CHECKOUT_MESSAGES.noSubscription);
      params.items = [{ id: item.id, price: change.price_id }];
      params.proration_behavior = 'always_invoice';
      params.metadata = { user_id: userId, plan_type: plan };
    }
  }
  if (change.cancel_at_period_end !== undefined) {
    params.cancel_at_period_end = change.cancel_at_period_end;
  }
  let updated: Stripe.Subscription;
  try {
    updated = await client.subscriptions.update(current.stripe_subscription_id, params);
  } catch (error) {
    // A plan switch invoices the difference: its lost answer may have charged.
    return stripeFailure(error, CHECKOUT_MESSAGES.fetchSubscriptionFailed, { retrySafe: true });
  }
  const stored = await applySubscription(updated, Math.floor(Date.now() / 1000), null);
  return toSubscriptionView(stored ?? (await getNewestSubscriptionOfUser(userId)));
};

/**
 * `POST /api/billing/portal`: a customer portal session of the caller's own Stripe customer (the
 * one the ledger records for them; no id is taken from the request, so no one opens another's). A user
 * who never paid has no customer yet: a 409 that says so, rather than creating an empty one.
 */
export const createBillingPortalSession = async (
  userId: string,
  request: BillingPortalRequest,
  origin: string | undefined,
): Promise<BillingPortalResult> => {
  assertOnSite([request.return_url], origin);
  const customer = await stripeCustomerOf(userId);
  if (!customer) throw new ConflictError(CHECKOUT_MESSAGES.noBillingAccount);
  try {
    const session = await (
      await stripe()
    ).billingPortal.sessions.create({ customer, return_url: request.return_url });
    return { url: session.url };
  } catch (error) {
    return stripeFailure(error, CHECKOUT_MESSAGES.portalFailed);
  }
};

/** `GET /api/billing/plans`: each plan's price id, and which Stripe the server talks to. */
export const listPlanPrices = (localStripe: boolean) => ({
  plans: Object.entries(planPrices()).map(([id, price_id]) => ({
    id: id as keyof ReturnType<typeof planPrices>,
    price_id,
  })),
  payments_mode: localStripe ? ('local' as const) : ('stripe' as const),
});
