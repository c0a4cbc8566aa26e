/**
 * The four subscription plans (see docs/product.md, Subscribe), shared by the pricing page, the dashboard and the
 * API. Plans are configuration, not table items (docs/data-model.md, section 2); the payment provider's
 * price ids come from the environment of the billing Lambda, never from this module.
 */

export const PLAN_TYPES = ['basic', 'pro', 'premium', 'enterprise'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];

/**
 * A quota at or above this is "unlimited": Enterprise gets it at every reset, so the one download
 * condition `downloads_remaining > 0` holds for every plan (docs/data-model.md, section 3.1).
 */
export const UNLIMITED_DOWNLOADS = 1_000_000;

export interface Plan {
  id: PlanType;
  name: string;
  description: string;
  /** Monthly price in GBP; `null` for Enterprise, shown as 'Custom Pricing'. */
  priceGbp: number | null;
  /** Downloads per month; `null` means unlimited. */
  downloadsPerMonth: number | null;
  popular: boolean;
  features: readonly string[];
}

export const CUSTOM_PRICING_LABEL = 'Custom Pricing';
export const MONEY_BACK_DAYS = 30;

export const PLANS: readonly Plan[] = [
  {
    id: 'basic',
    name: 'Basic',
    description: 'For trying out a few starters.',
    priceGbp: 1,
    downloadsPerMonth: 5,
    popular: false,
    features: ['5 downloads per month', 'Downloads reset monthly'],
  },
  {
    id: 'pro',
    name: 'Pro',
    description: 'For builders who launch often.',
    priceGbp: 2,
    downloadsPerMonth: 15,
    popular: true,
    features: ['15 downloads per month', 'Downloads reset monthly'],
  },
  {
    id: 'premium',
    name: 'Premium',
    description: 'For studios and agencies.',
    priceGbp: 3,
    downloadsPerMonth: 35,
    popular: false,
    features: ['35 downloads per month', 'Downloads reset monthly'],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    description: 'For teams with custom needs.',
    priceGbp: null,
    downloadsPerMonth: null,
    popular: false,
    features: ['Unlimited downloads', 'Custom terms'],
  },
];

export const planById = (id: PlanType): Plan => {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan ${id}`);
  return plan;
};

/** True when a quota or remaining count means "unlimited". */
export const isUnlimitedDownloads = (count: number): boolean => count >= UNLIMITED_DOWNLOADS;
