/**
 * Profile: one item per Cognito user, keyed by the Cognito `sub`.
 *
 * - byId (table):      pk `$marketplace#id_{sub}`            → the profile itself
 * - byUsername (gsi1): pk `$marketplace#username_{username}` → public seller page, uniqueness check
 *   (sparse: only profiles with a username are in it; uniqueness itself is enforced by a
 *   transactionally written UsernameClaim, because a GSI is only eventually consistent)
 * - byRole (gsi2):     pk `role`, sk `created_at`             → admin lists, newest users
 */
import { Entity } from 'electrodb';
import { ROLES } from '../../contracts/profile';
import { SERVICE, entityConfig } from '../entity-config';

export const ProfileEntity = new Entity(
  {
    model: { entity: 'profile', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true },
      email: { type: 'string', required: true },
      username: { type: 'string' },
      display_name: { type: 'string' },
      bio: { type: 'string' },
      profile_picture_url: { type: 'string' },
      website_url: { type: 'string' },
      social_links: {
        type: 'map',
        properties: {
          twitter: { type: 'string' },
          linkedin: { type: 'string' },
          github: { type: 'string' },
        },
      },
      github_username: { type: 'string' },
      netlify_site_name: { type: 'string' },
      role: { type: ROLES, required: true, default: 'buyer' },
      stripe_customer_id: { type: 'string' },
      stripe_account_id: { type: 'string' },
      downloads_remaining: { type: 'number', required: true, default: 0 },
      download_quota: { type: 'number', required: true, default: 0 },
      daily_download_limit: { type: 'number' },
      last_download_date: { type: 'string' },
      /** Downloads on `last_download_date`, so the daily limit holds under concurrent clicks. */
      downloads_today: { type: 'number', required: true, default: 0 },
      last_quota_reset_at: { type: 'string' },
      is_seller_approved: { type: 'boolean', required: true, default: false },
      github_app_installation_id: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'] },
        sk: { field: 'sk', composite: [] },
      },
      byUsername: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['username'] },
        sk: { field: 'gsi1sk', composite: [] },
      },
      byRole: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['role'] },
        sk: { field: 'gsi2sk', composite: ['created_at'] },
      },
    },
  },
  entityConfig(),
);
