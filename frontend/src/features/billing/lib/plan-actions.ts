/**
 * What each plan card offers the person looking at it: Enterprise is a conversation
 * (/contact); a visitor signs in first; a subscriber sees their plan marked and switches to
 * another paid plan (Stripe prorates) rather than buying a second subscription.
 */
import type { Plan } from '@contract/plans';
import type { SubscriptionView } from '@contract/subscriptions';

export type PlanAction =
  | { kind: 'contact' }
  | { kind: 'sign-in' }
  | { kind: 'current' }
  | { kind: 'switch' }
  | { kind: 'subscribe' };

/** The plan the caller pays for now, or null (none, or no longer active). */
export function activePlanOf(view: SubscriptionView | undefined): Plan['id'] | null {
  return view?.subscription_status === 'active' ? view.plan_type : null;
}

export function planAction(
  plan: Pick<Plan, 'id' | 'priceGbp'>,
  viewer: { signedIn: boolean; subscription: SubscriptionView | undefined },
): PlanAction {
  if (plan.priceGbp === null) return { kind: 'contact' };
  if (!viewer.signedIn) return { kind: 'sign-in' };
  const current = activePlanOf(viewer.subscription);
  if (current === plan.id) return { kind: 'current' };
  return current === null ? { kind: 'subscribe' } : { kind: 'switch' };
}

/** The price id the server configured for a plan; null when it is not sold (no id, not loaded). */
export function priceIdOf(
  plans: readonly { id: Plan['id']; price_id: string | null }[] | undefined,
  planId: Plan['id'],
): string | null {
  return plans?.find((candidate) => candidate.id === planId)?.price_id ?? null;
}

/** `£2.00`: a plan's monthly price as the cards show it. */
export const planPricePence = (plan: Pick<Plan, 'priceGbp'>): number | null =>
  plan.priceGbp === null ? null : Math.round(plan.priceGbp * 100);
