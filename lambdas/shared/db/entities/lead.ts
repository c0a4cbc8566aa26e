/**
 * Lead (docs/data-model.md, section 3.14): an e-mail left on the launch overlay. One item per address, so
 * repeated submissions update it (`submissions` counts them) instead of piling up duplicates.
 *
 * - byEmail (table):     pk `email` → capture (L9)
 * - byCreatedAt (gsi1):  pk (none), sk `created_at` → admin list, newest first (L10)
 */
import { defineEntity } from '../entity';

export interface LeadItem {
  email: string;
  /** Always true: the API refuses a lead without consent. */
  agreed_to_terms: boolean;
  source: string;
  /** As the client sent it (the moment the visitor submitted). */
  timestamp: string;
  created_at: string;
  last_submitted_at: string;
  submissions: number;
  /**
   * When the last double opt-in e-mail was sent (at most one per 10 minutes per address);
   * absent when none was, or when the last attempt failed (so a resubmission tries again).
   */
  confirmation_sent_at?: string;
  /** When the address followed the confirmation link. */
  confirmed_at?: string;
}

export const LeadEntity = defineEntity<LeadItem>()({
  entity: 'lead',
  version: '1',
  defaults: { submissions: 0 },
  indexes: {
    byEmail: { pk: ['email'], sk: [] },
    byCreatedAt: { index: 'gsi1', pk: [], sk: ['created_at'] },
  },
});
