/**
 * SellerApplication: the seller wizard's form, one per user (docs/data-model.md §3.15). The
 * password is Cognito's and never stored here. A resubmission replaces the item.
 *
 * - byUser (table):   pk `$marketplace#user_id_{sub}`  → the user's application (A2); it shares the
 *   user's item collection with downloads and notifications, told apart by the sort-key prefix
 * - byStatus (gsi2):  pk `status`, sk `submitted_at`    → the admin queue, oldest first (A3)
 */
import { Entity } from 'electrodb';
import { SELLER_APPLICATION_STATUSES, YEARS_EXPERIENCE } from '../../contracts/seller';
import { SERVICE, entityConfig } from '../entity-config';

export const SellerApplicationEntity = new Entity(
  {
    model: { entity: 'sellerApplication', version: '1', service: SERVICE },
    attributes: {
      user_id: { type: 'string', required: true },
      email: { type: 'string', required: true },
      full_name: { type: 'string', required: true },
      company_name: { type: 'string' },
      website: { type: 'string' },
      github_profile: { type: 'string' },
      linkedin_profile: { type: 'string' },
      years_experience: { type: YEARS_EXPERIENCE, required: true },
      /** Validated against SPECIALIZATIONS on submit. */
      specializations: { type: 'list', items: { type: 'string' }, required: true },
      previous_work: { type: 'string', required: true },
      portfolio_description: { type: 'string', required: true },
      sample_projects: { type: 'string', required: true },
      agreed_to_terms: { type: 'boolean', required: true },
      agreed_to_commission: { type: 'boolean', required: true },
      status: { type: SELLER_APPLICATION_STATUSES, required: true, default: 'pending' },
      submitted_at: { type: 'string', required: true },
      reviewed_at: { type: 'string' },
      reviewed_by: { type: 'string' },
    },
    indexes: {
      byUser: {
        pk: { field: 'pk', composite: ['user_id'] },
        sk: { field: 'sk', composite: [] },
      },
      byStatus: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['status'] },
        sk: { field: 'gsi2sk', composite: ['submitted_at'] },
      },
    },
  },
  entityConfig(),
);
