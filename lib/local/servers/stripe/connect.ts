/**
 * Stripe Connect for the calls the product makes: connected accounts (Express, or described by
 * `controller` properties), account links to this server's onboarding page, onboarding (which
 * enables charges, payouts and the transfers capability), and transfers, refused with Stripe's
 * errors when the destination is unknown or cannot receive them yet.
 */
import type Stripe from 'stripe';
import { mustFind, type Context } from './context';
import {
  integerParam,
  invalidRequest,
  metadataParam,
  newId,
  objectParam,
  requiredString,
  resourceMissing,
  stringParam,
  type Params,
} from './http';
import { assertFundsFor, transferredChanged } from './balance';
import { CURRENCY, listOf, pageOf } from './objects';

/** `/connect/onboarding/{account}?link={link}`: the hosted onboarding page. */
export const onboardingPagePath = (account: string, link: string) =>
  `/connect/onboarding/${account}?link=${encodeURIComponent(link)}`;

/** `/express/{account}`: the connected account's Express dashboard. */
export const expressDashboardPath = (account: string) => `/express/${account}`;

/** What Stripe asks of a new UK Express account before it can be paid. */
const DUE = [
  'business_profile.url',
  'external_account',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

const requirements = (due: string[]): Stripe.Account.Requirements => ({
  alternatives: [],
  current_deadline: null,
  currently_due: due,
  disabled_reason: due.length > 0 ? 'requirements.past_due' : null,
  errors: [],
  eventually_due: due,
  past_due: due,
  pending_verification: [],
});

const controllerOf = (params: Params, type: string | undefined): Stripe.Account.Controller => {
  const given = objectParam(params, 'controller');
  if (!given) {
    return type === 'express'
      ? { is_controller: true, type: 'application' }
      : { is_controller: false, type: 'account' };
  }
  const nested = (name: string, key: string) =>
    stringParam(objectParam(given, name) ?? {}, key, `controller[${name}][${key}]`);
  return {
    fees: {
      payer: (nested('fees', 'payer') ?? 'application') as Stripe.Account.Controller.Fees.Payer,
    },
    is_controller: true,
    losses: {
      payments: (nested('losses', 'payments') ??
        'application') as Stripe.Account.Controller.Losses.Payments,
    },
    requirement_collection: (stringParam(
      given,
      'requirement_collection',
      'controller[requirement_collection]',
    ) ?? 'stripe') as Stripe.Account.Controller.RequirementCollection,
    stripe_dashboard: {
      type: (nested('stripe_dashboard', 'type') ??
        'express') as Stripe.Account.Controller.StripeDashboard.Type,
    },
    type: 'application',
  };
};

/** `POST /v1/accounts`: a connected account that cannot be paid until it is onboarded. */
export const createAccount = (ctx: Context, params: Params): Stripe.Account => {
  const type = stringParam(params, 'type');
  if (type !== undefined && type !== 'express') {
    throw invalidRequest(
      'The local Stripe server creates Express accounts (or accounts by controller properties).',
      'type',
    );
  }
  if (type && params.controller) {
    throw invalidRequest('You cannot specify `type` and `controller` together.', 'controller');
  }
  const requested = objectParam(objectParam(params, 'capabilities') ?? {}, 'transfers');
  const email = stringParam(params, 'email') ?? null;
  const businessName = stringParam(
    objectParam(params, 'business_profile') ?? {},
    'name',
    'business_profile[name]',
  );
  const account: Stripe.Account = {
    id: newId('acct', 16),
    object: 'account',
    business_profile: {
      mcc: null,
      minority_owned_business_designation: null,
      name: businessName ?? null,
      product_description: null,
      specified_commercial_transactions_act_url: null,
      support_address: null,
      support_email: null,
      support_phone: null,
      support_url: null,
      url: null,
    },
    business_type: null,
    capabilities:
      requested && stringParam(requested, 'requested') === 'true' ? { transfers: 'inactive' } : {},
    charges_enabled: false,
    controller: controllerOf(params, type),
    country: (stringParam(params, 'country') ?? 'GB').toUpperCase(),
    created: ctx.now,
    default_currency: (stringParam(params, 'default_currency') ?? CURRENCY).toLowerCase(),
    details_submitted: false,
    email,
    external_accounts: listOf([], '/v1/accounts/acct/external_accounts'),
    metadata: metadataParam(params) ?? {},
    payouts_enabled: false,
    requirements: requirements(DUE),
    tos_acceptance: { date: null, ip: null, user_agent: null },
    type: type === 'express' ? 'express' : 'none',
  };
  account.external_accounts = listOf([], `/v1/accounts/${account.id}/external_accounts`);
  ctx.state.accounts[account.id] = account;
  ctx.store.changed();
  return account;
};

/** `POST /v1/account_links`: a single-use link to this server's onboarding page, valid 5 minutes. */
export const createAccountLink = (ctx: Context, params: Params): Stripe.AccountLink => {
  const account = mustFind(
    ctx,
    'accounts',
    requiredString(params, 'account'),
    'account',
    'account',
  );
  const type = requiredString(params, 'type');
  if (type !== 'account_onboarding') {
    throw invalidRequest('The local Stripe server creates account_onboarding links.', 'type');
  }
  const link = newId('link', 24);
  const expiresAt = ctx.now + 300;
  ctx.state.accountLinks[link] = {
    account: account.id,
    refresh_url: requiredString(params, 'refresh_url'),
    return_url: requiredString(params, 'return_url'),
    expires_at: expiresAt,
    used: false,
  };
  ctx.store.changed();
  return {
    object: 'account_link',
    created: ctx.now,
    expires_at: expiresAt,
    url: `${ctx.endpoint}${onboardingPagePath(account.id, link)}`,
  };
};

/**
 * `POST /v1/accounts/{id}/login_links`: a link to this server's Express dashboard page. As Stripe
 * does, only for an Express account that has finished onboarding.
 */
export const createLoginLink = (ctx: Context, accountId: string): Stripe.LoginLink => {
  const account = mustFind(ctx, 'accounts', accountId, 'account');
  if (account.type !== 'express' && account.controller?.stripe_dashboard?.type !== 'express') {
    throw invalidRequest(
      'Cannot create a login link for an account that is not an Express account.',
    );
  }
  if (!account.details_submitted) {
    throw invalidRequest(
      'Cannot create a login link for an account that has not completed onboarding.',
    );
  }
  return {
    object: 'login_link',
    created: ctx.now,
    url: `${ctx.endpoint}${expressDashboardPath(account.id)}`,
  };
};

/**
 * Onboarding finished (the page's button, or the control API): charges, payouts and the transfers
 * capability enabled, nothing due; `account.updated` says so.
 */
export const completeOnboarding = (
  ctx: Context,
  accountId: string,
  details: { businessName?: string } = {},
): Stripe.Account => {
  const account = mustFind(ctx, 'accounts', accountId, 'account');
  const previous = {
    charges_enabled: account.charges_enabled,
    details_submitted: account.details_submitted,
    payouts_enabled: account.payouts_enabled,
    capabilities: { ...account.capabilities },
    requirements: structuredClone(account.requirements),
  };
  account.details_submitted = true;
  account.charges_enabled = true;
  account.payouts_enabled = true;
  account.capabilities = { ...account.capabilities, transfers: 'active' };
  account.requirements = requirements([]);
  account.tos_acceptance = { date: ctx.now, ip: '127.0.0.1', user_agent: 'local' };
  if (details.businessName && account.business_profile)
    account.business_profile.name = details.businessName;
  ctx.store.changed();
  ctx.emit('account.updated', account, previous);
  return account;
};

/** A link's page: the account and where to go, or why the link no longer works. */
export const resolveAccountLink = (ctx: Context, accountId: string, linkId: string) => {
  const link = ctx.state.accountLinks[linkId];
  if (!link || link.account !== accountId) return { valid: false as const };
  const expired = link.used || link.expires_at < ctx.now;
  return { valid: !expired, link, account: ctx.state.accounts[accountId] };
};

/** `POST /v1/transfers`: to an onboarded connected account. */
export const createTransfer = (ctx: Context, params: Params): Stripe.Transfer => {
  const amount = integerParam(params, 'amount');
  if (amount === undefined)
    throw invalidRequest('Missing required param: amount.', 'amount', 'parameter_missing');
  if (amount < 1)
    throw invalidRequest('Invalid positive integer', 'amount', 'parameter_invalid_integer');
  const currency = requiredString(params, 'currency').toLowerCase();
  if (currency !== CURRENCY)
    throw invalidRequest(`The local Stripe server transfers ${CURRENCY} only.`, 'currency');
  const destinationId = requiredString(params, 'destination');
  const destination = ctx.state.accounts[destinationId];
  if (!destination) throw resourceMissing('destination', destinationId, 'destination');
  if (destination.capabilities?.transfers !== 'active' || !destination.payouts_enabled) {
    throw invalidRequest(
      'Your destination account needs to have at least one of the following capabilities enabled: transfers, crypto_transfers, legacy_payments',
      'destination',
      'insufficient_capabilities_for_transfer',
    );
  }
  assertFundsFor(ctx, amount);
  const id = newId('tr', 24);
  const transfer: Stripe.Transfer = {
    id,
    object: 'transfer',
    amount,
    amount_reversed: 0,
    balance_transaction: newId('txn', 24),
    created: ctx.now,
    currency,
    description: stringParam(params, 'description') ?? null,
    destination: destination.id,
    destination_payment: newId('py', 24),
    livemode: false,
    metadata: metadataParam(params) ?? {},
    reversals: listOf([], `/v1/transfers/${id}/reversals`),
    reversed: false,
    source_transaction: null,
    source_type: 'card',
    transfer_group: stringParam(params, 'transfer_group') ?? null,
  };
  ctx.state.transfers[id] = transfer;
  transferredChanged(ctx, amount);
  ctx.store.changed();
  ctx.emit('transfer.created', transfer);
  return transfer;
};

/** `POST /v1/transfers/{id}`: its description and metadata (`transfer.updated`, as Stripe sends). */
export const updateTransfer = (ctx: Context, id: string, params: Params): Stripe.Transfer => {
  const transfer = mustFind(ctx, 'transfers', id, 'transfer');
  const previous: Record<string, unknown> = {};
  const description = stringParam(params, 'description');
  if (description !== undefined && description !== transfer.description) {
    previous.description = transfer.description;
    transfer.description = description;
  }
  const metadata = metadataParam(params);
  if (metadata !== undefined) {
    const merged: Record<string, string> = { ...transfer.metadata };
    for (const [key, value] of Object.entries(metadata)) {
      // Stripe removes a key set to the empty string.
      if (value === '') delete merged[key];
      else merged[key] = value;
    }
    if (JSON.stringify(merged) !== JSON.stringify(transfer.metadata)) {
      previous.metadata = transfer.metadata;
      transfer.metadata = merged;
    }
  }
  if (Object.keys(previous).length > 0) {
    ctx.store.changed();
    ctx.emit('transfer.updated', transfer, previous);
  }
  return transfer;
};

/** `GET /v1/transfers`: newest first, by `destination` or `transfer_group`. */
export const listTransfers = (ctx: Context, params: Params): Stripe.ApiList<Stripe.Transfer> => {
  const destination = stringParam(params, 'destination');
  const group = stringParam(params, 'transfer_group');
  const transfers = Object.values(ctx.state.transfers).filter(
    (transfer) =>
      (!destination || transfer.destination === destination) &&
      (!group || transfer.transfer_group === group),
  );
  return pageOf(transfers, params, '/v1/transfers');
};

/** The control API's reversal (the whole remaining amount): `transfer.reversed`. */
export const reverseTransfer = (ctx: Context, id: string): Stripe.Transfer => {
  const transfer = mustFind(ctx, 'transfers', id, 'transfer');
  const amount = transfer.amount - transfer.amount_reversed;
  if (amount <= 0) throw invalidRequest(`Transfer ${id} has already been reversed.`);
  const previous = { amount_reversed: transfer.amount_reversed, reversed: transfer.reversed };
  transfer.reversals.data.unshift({
    id: newId('trr', 24),
    object: 'transfer_reversal',
    amount,
    balance_transaction: newId('txn', 24),
    created: ctx.now,
    currency: transfer.currency,
    destination_payment_refund: newId('pyr', 24),
    metadata: {},
    source_refund: null,
    transfer: transfer.id,
  });
  transfer.amount_reversed += amount;
  transfer.reversed = true;
  if (transfer.currency === CURRENCY) transferredChanged(ctx, -amount);
  ctx.store.changed();
  ctx.emit('transfer.reversed', transfer, previous);
  return transfer;
};
