/**
 * Plans and their Stripe prices: the price ids are server configuration (STRIPE_PRICE_*), read
 * once; a plan without one is not sold ('Invalid plan selected').
 */
import { config } from '../shared/config';
import { UNLIMITED_DOWNLOADS, planById, type PlanType } from '../../contract/plans';

/** The configured price id of each plan (`null`: not sold online, e.g. Enterprise). */
export const planPrices = (): Record<PlanType, string | null> => {
  const settings = config();
  return {
    basic: settings.STRIPE_PRICE_BASIC ?? null,
    pro: settings.STRIPE_PRICE_PRO ?? null,
    premium: settings.STRIPE_PRICE_PREMIUM ?? null,
    enterprise: null,
  };
};

/** The plan a price id sells, or `null` for a price that is not one of ours. */
export const planOfPrice = (priceId: string): PlanType | null => {
  const entry = Object.entries(planPrices()).find(([, price]) => price === priceId);
  return entry ? (entry[0] as PlanType) : null;
};

/** Downloads per period of a plan; Enterprise is the "unlimited" quota (docs/data-model.md, section 3.1). */
export const quotaOfPlan = (plan: PlanType): number =>
  planById(plan).downloadsPerMonth ?? UNLIMITED_DOWNLOADS;
