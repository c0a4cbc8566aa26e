/**
 * NewsletterType (docs/data-model.md, section 3.14): few items, all in one partition without a composite
 * (`pk = $marketplace`), listed with one Query. The general list is seeded as `site_updates`.
 */
import { defineEntity } from '../entity';

export interface NewsletterTypeItem {
  id: string;
  name: string;
  description?: string;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export const NewsletterTypeEntity = defineEntity<NewsletterTypeItem>()({
  entity: 'newsletterType',
  version: '1',
  defaults: { is_active: true },
  indexes: {
    byId: { pk: [], sk: ['id'] },
  },
});
