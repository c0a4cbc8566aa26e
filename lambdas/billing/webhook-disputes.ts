/**
 * The Stripe webhook's chargeback rule (`charge.dispute.*`): a buyer's card issuer disputes one of
 * our orders' charges. While the dispute is open, and once it is lost, it revokes what the charge
 * paid for exactly as a full refund does (the one-time order's licence, or the licences the plan's
 * period issued: lambdas/downloads/access.ts then serves them no more), and the seller's share is
 * held back (the order's `amount_disputed`, which every sales and earnings figure nets out, and
 * the month's `disputes` counter for a plan's payment, which lowers the payout pool). A won dispute
 * gives both back. See docs/product.md, "Card disputes".
 *
 * Stripe does not promise the order of events, so each event applies the dispute as Stripe has it
 * now (re-read), not as the event's snapshot says: an older event never undoes a newer state, and
 * every `charge.dispute.*` event of one dispute converges on the same result. One transaction with
 * the event's claim (webhook.ts), conditioned on the dispute status read, so it happens once.
 */
import { stripe, type Stripe } from '../shared/adapters/stripe';
import { formatGbp } from '../../contract/money';
import { auditWrite } from '../shared/audit';
import { logger } from '../shared/observability';
import { licensesDisputed } from '../licenses/service';
import { notificationWrites } from '../notifications/service';
import { counterAddWrite, orderDisputeWrite, type OrderItem } from '../ledger/service';
import { applyEffect } from './repo';
import { applyWithRetry, idOf, orderOfPayment, userOfCharge } from './webhook-effect';

/**
 * Dispute statuses that give the payment back to us (won, an inquiry closed without a chargeback,
 * or one prevented): nothing stays revoked. Every other status (needing a response, under review,
 * lost, an appeal) holds what the charge paid for.
 */
const SETTLED_FOR_US: ReadonlySet<string> = new Set(['won', 'warning_closed', 'prevented']);

export const disputeRevokes = (status: string): boolean => !SETTLED_FOR_US.has(status);

/** What the order paid for, in the buyer's words. */
const paidForOf = (order: OrderItem): string =>
  order.kind === 'one_time_sale' ? (order.mvp_title ?? 'your template') : 'your plan';

type Transition = 'opened' | 'won' | 'lost' | 'quiet';

/** What the move from the stored dispute state to Stripe's changes, and so what is said of it. */
const transitionOf = (order: OrderItem, status: string): Transition => {
  const held = (order.amount_disputed ?? 0) > 0;
  const holds = disputeRevokes(status);
  if (!held && holds) return status === 'lost' ? 'lost' : 'opened';
  if (held && !holds) return 'won';
  if (held && status === 'lost' && order.dispute_status !== 'lost') return 'lost';
  return 'quiet';
};

/** The buyer's words for each step of the dispute. */
const disputeNotice = (
  order: OrderItem,
  amount: number,
  transition: Exclude<Transition, 'quiet'>,
): string => {
  const payment = `your payment of ${formatGbp(amount)} for ${paidForOf(order)}`;
  switch (transition) {
    case 'opened':
      return `Your card issuer has disputed ${payment}. While the dispute is open, the licence it paid for is no longer valid and the template cannot be downloaded.`;
    case 'won':
      return `Your card issuer decided the dispute of ${payment} in favour of the payment. The licence it paid for is valid again.`;
    default:
      return `Your card issuer decided the dispute of ${payment} in your favour: the money stays with you, and the licence it paid for is no longer valid.`;
  }
};

/** The audit log's action for each step an admin sees (docs/operations.md, Stripe, "A chargeback"). */
const AUDIT_ACTIONS: Record<Exclude<Transition, 'quiet'>, string> = {
  opened: 'chargeback.open',
  won: 'chargeback.won',
  lost: 'chargeback.lost',
};

/** The audit log's actor for what Stripe reports (no admin did it). */
const STRIPE_ACTOR = { userId: 'stripe', email: 'Stripe (card issuer)' };

/** The writes of one dispute step on one order (step 3 of {@link applyChargeDispute}). */
const disputeEffect = async (
  order: OrderItem,
  dispute: Stripe.Dispute,
  userId: string,
  nowIso: string,
) => {
  const transition = transitionOf(order, dispute.status);
  const heldBefore = order.amount_disputed ?? 0;
  const heldNow = disputeRevokes(dispute.status) ? dispute.amount : 0;
  const revoking = transition === 'opened' || (transition === 'lost' && heldBefore === 0);
  const licences =
    revoking || transition === 'won'
      ? await licensesDisputed(
          userId,
          order.kind === 'one_time_sale' || !order.period_start || !order.period_end
            ? { orderId: order.id }
            : { period: { from: order.period_start, to: order.period_end } },
          revoking,
          nowIso,
        )
      : null;
  const step = transition === 'quiet' ? null : transition;
  const writes = {
    order: orderDisputeWrite(
      order.id,
      order.dispute_status,
      {
        id: dispute.id,
        status: dispute.status,
        amountDisputed: heldNow,
        disputedAt: order.disputed_at ?? nowIso,
      },
      nowIso,
    ),
    disputes:
      order.kind === 'subscription_invoice' && heldNow !== heldBefore
        ? counterAddWrite('disputes', nowIso.slice(0, 7), heldNow - heldBefore, nowIso)
        : null,
    ...licences?.writes,
    notification: step
      ? notificationWrites(
          {
            userId,
            type: 'payment_disputed',
            message: disputeNotice(order, dispute.amount, step),
            link: '/dashboard',
          },
          nowIso,
        )
      : null,
    audit: step
      ? auditWrite({
          actor: STRIPE_ACTOR,
          action: AUDIT_ACTIONS[step],
          target: {
            type: 'order',
            id: order.id,
            name: `${order.mvp_title ?? 'Plan payment'}, ${formatGbp(dispute.amount)}`,
          },
          before: order.dispute_status ? { dispute: order.dispute_status } : {},
          after: { dispute: dispute.status, amount: formatGbp(dispute.amount) },
          now: nowIso,
        })
      : null,
  };
  return { writes, markRest: licences?.markRest ?? (async () => {}) };
};

/**
 * `charge.dispute.created`, `.updated`, `.closed`, `.funds_withdrawn`, `.funds_reinstated`.
 *
 * 1. Re-read the dispute and its charge from Stripe; find our order of the charge.
 * 2. Decide the transition from the stored dispute status to Stripe's.
 * 3. Commit, with the event's claim: the order's dispute state, the payout pool's counter, the
 *    licences revoked or given back, the buyer's notice and the audit entry.
 * 4. Mark the licences beyond one transaction's reach.
 */
export const applyChargeDispute = async (
  event: Stripe.Event,
  snapshot: Stripe.Dispute,
): Promise<void> => {
  const client = await stripe();
  const dispute = await client.disputes.retrieve(snapshot.id);
  const chargeId = idOf(dispute.charge);
  const charge = chargeId ? await client.charges.retrieve(chargeId) : null;
  const paymentIntentId = charge ? idOf(charge.payment_intent) : null;
  const userId = charge ? await userOfCharge(charge) : undefined;
  if (!userId || !paymentIntentId) {
    // Not a payment of ours (nothing to revoke): acknowledged without effect.
    await applyEffect(event, {}, new Date());
    return;
  }
  const orderOfCharge = () => orderOfPayment(userId, paymentIntentId);
  if (!(await orderOfCharge())) {
    // The payment's own event records the order; Stripe retries this one until it has.
    throw new Error(`No order of ${paymentIntentId} recorded yet for dispute ${dispute.id}`);
  }
  let markRest = async () => {};
  await applyWithRetry(event, async (now) => {
    const order = (await orderOfCharge())!;
    if (order.dispute_status === dispute.status && order.dispute_id === dispute.id) return {};
    const effect = await disputeEffect(order, dispute, userId, now.toISOString());
    markRest = effect.markRest;
    return effect.writes;
  });
  await markRest();
  logger.info('Card dispute applied', { disputeId: dispute.id, status: dispute.status });
};
