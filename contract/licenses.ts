/**
 * Licence certificates: every download and every order issues one, shown in the
 * buyer's dashboard and verifiable by anyone holding its id at `/licenses/{id}`.
 */
import * as z from 'zod';
import type { LicensingTerms } from './catalog';
import type { PlanType } from './plans';

/** What each licence allows, in plain words (shown on the certificate). */
export const LICENSE_TERMS_SUMMARY: Record<LicensingTerms, { title: string; summary: string }> = {
  standard_commercial: {
    title: 'Standard commercial licence',
    summary:
      'You may use this template to build and run any number of your own or your clients’ products, commercial or not. You may not resell or redistribute the template itself, alone or as a template.',
  },
  premium_commercial: {
    title: 'Premium commercial licence',
    summary:
      'Everything the standard licence allows, plus use in products you sell to many customers (SaaS, white-label deliveries). You may not resell or redistribute the template itself as a template.',
  },
  personal_use_only: {
    title: 'Personal use only',
    summary:
      'You may use this template for personal, non-commercial projects and learning. Commercial use, resale and redistribution are not allowed.',
  },
};

export const LICENSE_MESSAGES = {
  notFound: 'Licence not found. Check the licence id.',
  verified: 'This licence is valid.',
  refunded: 'This licence is no longer valid: the purchase behind it was refunded.',
  /** A chargeback: the buyer's card issuer took the payment back (restored if the seller wins). */
  disputed:
    'This licence is no longer valid: the payment behind it was disputed with the card issuer.',
  /** Beside the template's name when its page is gone (archived, or its seller closed the account). */
  notListed:
    'No longer listed on the marketplace. The licence stays valid for the version it was issued for.',
} as const;

export interface License {
  id: string;
  licensee_name: string;
  mvp_id: string;
  mvp_title: string;
  version_number: string;
  licensing_terms: LicensingTerms;
  terms_title: string;
  terms_summary: string;
  source: 'subscription' | 'free' | 'order';
  plan_type: PlanType | null;
  order_id: string | null;
  issued_at: string;
  /**
   * When the payment behind it was refunded in full: the one-time order, or the plan's period it
   * was downloaded in (the licence is then no longer valid).
   */
  refunded_at: string | null;
  /**
   * When the payment behind it was disputed with the buyer's card issuer (a chargeback): no longer
   * valid while the dispute is open or once it is lost; null again if the dispute is won.
   */
  disputed_at: string | null;
  /** Whether the template's page is public now (else the certificate names it without a link). */
  mvp_listed: boolean;
}

/** `GET /api/me/licenses`: newest first; pass `cursor` back for the next page. */
export interface LicenseList {
  items: License[];
  cursor: string | null;
}

export const LICENSES_PAGE_SIZE = 50;

/** `GET /api/me/licenses?limit=&cursor=`. */
export const licenseListQuerySchema = z.object({
  limit: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return LICENSES_PAGE_SIZE;
      const parsed = Number(value);
      if (!/^\d+$/.test(value) || !Number.isInteger(parsed) || parsed < 1 || parsed > 100) {
        ctx.addIssue({ code: 'custom', message: 'Limit must be a whole number from 1 to 100.' });
        return z.NEVER;
      }
      return parsed;
    }),
  cursor: z.string().max(2048, 'The cursor is malformed.').optional(),
});
