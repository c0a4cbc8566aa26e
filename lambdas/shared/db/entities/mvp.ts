/**
 * MVP (template): one item per template.
 *
 * - byId (table):     pk `$marketplace#id_{id}`              → detail, edit, processing steps
 * - bySeller (gsi1):  pk `seller_id`, sk `created_at`         → My MVPs, seller dashboard, public
 *   seller page (filtered to approved)
 * - byStatus (gsi2):  pk `status`, sk `updated_at`            → the approved catalog (loaded by the
 *   browse cache), the admin moderation queue (pending_review, scan_failed, ipfs_pin_failed)
 * - bySlug (gsi3):    pk `slug`                               → lookup by slug
 *
 * The version history is not embedded: each version is an MvpVersion item (mvp-version.ts), so the
 * template item stays small however many versions it gets (docs/data-model.md §3.3).
 */
import { Entity } from 'electrodb';
import { ACCESS_TIERS, LICENSING_TERMS, MVP_STATUSES } from '../../contracts/catalog';
import { SERVICE, entityConfig } from '../entity-config';

export const MvpEntity = new Entity(
  {
    model: { entity: 'mvp', version: '1', service: SERVICE },
    attributes: {
      id: { type: 'string', required: true },
      seller_id: { type: 'string', required: true },
      title: { type: 'string', required: true },
      slug: { type: 'string', required: true },
      tagline: { type: 'string', required: true },
      description: { type: 'string', required: true },
      features: { type: 'list', items: { type: 'string' }, required: true },
      tech_stack: { type: 'list', items: { type: 'string' }, required: true },
      category: { type: 'string', required: true },
      ipfs_hash: { type: 'string' },
      previous_ipfs_hash: { type: 'string' },
      file_key: { type: 'string' },
      file_size: { type: 'number' },
      original_file_name: { type: 'string' },
      /** Object keys in the preview-images bucket; the API turns them into same-origin URLs. */
      preview_image_keys: { type: 'list', items: { type: 'string' }, required: true },
      demo_url: { type: 'string' },
      github_url: { type: 'string' },
      stackblitz_link: { type: 'string' },
      licensing_terms: { type: LICENSING_TERMS, required: true, default: 'standard_commercial' },
      status: { type: MVP_STATUSES, required: true, default: 'pending_review' },
      version_number: { type: 'string', required: true, default: '1.0.0' },
      changelog: { type: 'string' },
      published_at: { type: 'string' },
      access_tier: { type: ACCESS_TIERS, required: true, default: 'subscription' },
      price: { type: 'number' },
      download_count: { type: 'number', required: true, default: 0 },
      /**
       * Sum and count of ratings, kept exact under concurrent reviews with ADD in the review
       * transaction; the average is derived by readers (a transaction cannot divide).
       */
      rating_sum: { type: 'number', required: true, default: 0 },
      rating_count: { type: 'number', required: true, default: 0 },
      last_processing_error: { type: 'string' },
      last_synced_github_commit_sha: { type: 'string' },
      github_repo_owner: { type: 'string' },
      github_repo_name: { type: 'string' },
      github_webhook_secret: { type: 'string' },
      created_at: { type: 'string', required: true, readOnly: true },
      updated_at: { type: 'string', required: true },
    },
    indexes: {
      byId: {
        pk: { field: 'pk', composite: ['id'] },
        sk: { field: 'sk', composite: [] },
      },
      bySeller: {
        index: 'gsi1',
        pk: { field: 'gsi1pk', composite: ['seller_id'] },
        sk: { field: 'gsi1sk', composite: ['created_at'] },
      },
      byStatus: {
        index: 'gsi2',
        pk: { field: 'gsi2pk', composite: ['status'] },
        sk: { field: 'gsi2sk', composite: ['updated_at'] },
      },
      bySlug: {
        index: 'gsi3',
        pk: { field: 'gsi3pk', composite: ['slug'] },
        sk: { field: 'gsi3sk', composite: [] },
      },
    },
  },
  entityConfig(),
);
