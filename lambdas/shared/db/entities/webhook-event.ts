/**
 * WebhookEvent (docs/data-model.md, section 3.16): one item per Stripe or GitHub delivery applied. Put
 * with `attribute_not_exists` as the `event` item of the effect's transaction: a duplicate
 * delivery is refused by that condition and acknowledged without doing anything again; a failed
 * effect rolls the claim back too, so the provider's retry applies it.
 *
 * - byEvent (table): pk `provider`,`event_id`
 */
import { defineEntity } from '../entity';

export interface WebhookEventItem {
  provider: 'stripe' | 'github';
  /** Stripe `evt_…`, GitHub `X-GitHub-Delivery`. */
  event_id: string;
  event_type: string;
  received_at: string;
  /** TTL (epoch seconds): received + 30 days; Stripe retries for 3 days. */
  expires_at: number;
}

export const WebhookEventEntity = defineEntity<WebhookEventItem>()({
  entity: 'webhookEvent',
  version: '1',
  indexes: {
    byEvent: { pk: ['provider', 'event_id'], sk: [] },
  },
});
