/**
 * The platform account's balance, as Stripe keeps it: what captured charges brought in (paid
 * invoices and one-time checkouts both charge a card), less what was refunded, less what was
 * transferred to connected accounts and not reversed, plus the local opening funds. Everything is
 * available at once (no pending period, no fees) so a payout run can follow a purchase in a test.
 *
 * A transfer larger than the available balance is refused as Stripe refuses it (400,
 * `balance_insufficient`), so the payout's failure path runs locally. The opening funds stand
 * for the test card that adds to the available balance in Stripe's test mode; the control API
 * sets them (`POST /_local/balance`).
 */
import type Stripe from 'stripe';
import type { Context } from './context';
import { invalidRequest } from './http';
import { CURRENCY } from './objects';

/** The local platform account starts with these funds, enough for every demo and test run. */
export const DEFAULT_OPENING_FUNDS = 100_000_000;

export const BALANCE_INSUFFICIENT_MESSAGE =
  'You have insufficient available funds in your Stripe account. Try adding funds directly to your available balance by creating Charges using the 4000000000000077 test card. See: https://stripe.com/docs/testing#available-balance';

/** The available amount, in the smallest unit of {@link CURRENCY}. */
export const availableBalance = (ctx: Context): number => {
  const charged = Object.values(ctx.state.charges)
    .filter((charge) => charge.status === 'succeeded' && charge.currency === CURRENCY)
    .reduce((sum, charge) => sum + charge.amount_captured - charge.amount_refunded, 0);
  return (ctx.state.openingFunds ?? DEFAULT_OPENING_FUNDS) + charged - transferredTotal(ctx);
};

/**
 * What the transfers took out, summed once per state and then kept up to date by the two writes
 * that change it (a transfer, a reversal: {@link transferredChanged}). This runs on every
 * transfer: summing every transfer so far each time made a payout run of thousands quadratic
 * (docs/operations.md, "Monthly payouts at scale").
 */
const transferredTotals = new WeakMap<Context['state']['transfers'], number>();

const transferredTotal = (ctx: Context): number => {
  const cached = transferredTotals.get(ctx.state.transfers);
  if (cached !== undefined) return cached;
  let total = 0;
  for (const id in ctx.state.transfers) {
    const transfer = ctx.state.transfers[id]!;
    if (transfer.currency === CURRENCY) total += transfer.amount - transfer.amount_reversed;
  }
  transferredTotals.set(ctx.state.transfers, total);
  return total;
};

/** A transfer made (`amount`) or reversed (minus the amount) in {@link CURRENCY}. */
export const transferredChanged = (ctx: Context, amount: number): void => {
  const cached = transferredTotals.get(ctx.state.transfers);
  if (cached !== undefined) transferredTotals.set(ctx.state.transfers, cached + amount);
};

/** `GET /v1/balance`. */
export const retrieveBalance = (ctx: Context): Stripe.Balance => {
  const amount = availableBalance(ctx);
  return {
    object: 'balance',
    available: [{ amount, currency: CURRENCY, source_types: { card: amount } }],
    pending: [{ amount: 0, currency: CURRENCY, source_types: { card: 0 } }],
    livemode: false,
  };
};

/** Refuses a transfer the available balance does not cover, with Stripe's error. */
export const assertFundsFor = (ctx: Context, amount: number): void => {
  if (amount > availableBalance(ctx)) {
    throw invalidRequest(BALANCE_INSUFFICIENT_MESSAGE, undefined, 'balance_insufficient');
  }
};

/** The control API: opening funds such that `available` is what is available now. */
export const setAvailableBalance = (ctx: Context, available: number): Stripe.Balance => {
  const opening = ctx.state.openingFunds ?? DEFAULT_OPENING_FUNDS;
  ctx.state.openingFunds = opening + available - availableBalance(ctx);
  ctx.store.changed();
  return retrieveBalance(ctx);
};
