/**
 * Billing data access: the claim of each Stripe event (E1, docs/data-model.md, section 3.16). What the
 * events record (subscriptions, orders, the money counters) is the ledger's
 * (lambdas/ledger/repo.ts); its writes come here as transaction items and `applyEffect` commits
 * them with the event's claim (`applyEffect`), or alone (`commitWrites`).
 */
import { WebhookEventEntity } from '../shared/db/entities/webhook-event';
import {
  transactWrite,
  type TransactionItems,
  type TransactionResult,
} from '../shared/db/transaction';

/** How long an applied event's claim is kept: Stripe retries for 3 days; 30 leaves room. */
const EVENT_CLAIM_SECONDS = 30 * 24 * 60 * 60;

export type EffectOutcome = 'applied' | 'duplicate' | { refused: TransactionResult };

/**
 * E1 + the effect: the event's claim and its writes in one transaction. A duplicate delivery is
 * refused by the claim's condition (`duplicate`); any other refusal rolls the claim back too, so
 * the caller can re-read and retry, or let Stripe's retry apply it.
 */
export const applyEffect = async (
  event: { id: string; type: string },
  items: TransactionItems,
  now: Date,
): Promise<EffectOutcome> => {
  const result = await transactWrite({
    event: WebhookEventEntity.create({
      provider: 'stripe',
      event_id: event.id,
      event_type: event.type,
      received_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + EVENT_CLAIM_SECONDS,
    }),
    ...items,
  });
  if (!result.canceled) return 'applied';
  if (result.failed('event') === 'ConditionalCheckFailed') return 'duplicate';
  return { refused: result };
};

/**
 * Writes the owners lend billing (the ledger's subscription, the profile's quota, the audit entry)
 * as one transaction, with no event to claim: a sync outside a webhook, an admin's enterprise
 * plan, the quota repair. The result names the item that refused, if one did.
 */
export const commitWrites = (items: TransactionItems): Promise<TransactionResult> =>
  transactWrite(items);
