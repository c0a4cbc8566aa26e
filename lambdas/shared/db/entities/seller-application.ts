/**
 * SellerApplication: the seller wizard's form, one per user (docs/data-model.md, section 3.15). The
 * password is Cognito's and never stored here. A resubmission (allowed unless one is pending) replaces the item.
 *
 * - byUser (table):   pk `$marketplace#user_id_{sub}`  → the user's application (A2); it shares the
 *   user's item collection with downloads and notifications, told apart by the sort-key prefix
 * - byStatus (gsi2):  pk `status`, sk `submitted_at`    → the admin queue, oldest first (A3)
 */
import type {
  SELLER_APPLICATION_STATUSES,
  YEARS_EXPERIENCE,
} from '../../../../contract/seller-applications';
import { defineEntity } from '../entity';

export interface SellerApplicationItem {
  user_id: string;
  email: string;
  full_name: string;
  company_name?: string;
  website?: string;
  github_profile?: string;
  linkedin_profile?: string;
  years_experience: (typeof YEARS_EXPERIENCE)[number];
  /** Validated against SPECIALIZATIONS on submit. */
  specializations: string[];
  previous_work: string;
  portfolio_description: string;
  sample_projects: string;
  agreed_to_terms: boolean;
  agreed_to_commission: boolean;
  status: (typeof SELLER_APPLICATION_STATUSES)[number];
  submitted_at: string;
  reviewed_at?: string;
  reviewed_by?: string;
  /** The admin's reason, shown to the applicant; set with a rejection only. */
  rejection_reason?: string;
}

export const SellerApplicationEntity = defineEntity<SellerApplicationItem>()({
  entity: 'sellerApplication',
  version: '1',
  defaults: { status: 'pending' },
  indexes: {
    byUser: { pk: ['user_id'], sk: [] },
    byStatus: { index: 'gsi2', pk: ['status'], sk: ['submitted_at'] },
  },
});
