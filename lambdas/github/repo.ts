/**
 * GitHub domain data access: webhook deliveries claimed once (docs/data-model.md, section 3.16
 * WebhookEvent, provider `github`, event id = `X-GitHub-Delivery`). Template and link writes are
 * the templates domain's (lambdas/templates/github-sync.ts).
 */
import { WebhookEventEntity } from '../shared/db/entities/webhook-event';
import { writtenUnlessRefused } from '../shared/db/model';

const THIRTY_DAYS_SECONDS = 30 * 24 * 60 * 60;

/** Claims a delivery; false when it was claimed before (a redelivery: do nothing again). */
export const claimDelivery = async (deliveryId: string, eventType: string): Promise<boolean> => {
  const now = new Date();
  return writtenUnlessRefused(
    WebhookEventEntity.create({
      provider: 'github',
      event_id: deliveryId,
      event_type: eventType,
      received_at: now.toISOString(),
      expires_at: Math.floor(now.getTime() / 1000) + THIRTY_DAYS_SECONDS,
    }),
  );
};

/** Releases a claim whose effect could not start. */
export const releaseDelivery = async (deliveryId: string): Promise<void> => {
  await WebhookEventEntity.delete({ provider: 'github', event_id: deliveryId }).go();
};
