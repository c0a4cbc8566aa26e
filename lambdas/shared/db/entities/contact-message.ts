/**
 * ContactMessage: one message sent through the `/contact` form (docs/data-model.md, section 3.22).
 *
 * - byId (table):     pk `$marketplace#id_<ulid>` → the message (mark as handled)
 * - byStatus (gsi1):  pk `$marketplace#status_<new|handled>`, sk `$contactmessage_1#id_<ulid>` →
 *   the admin list per status, newest first (ulids sort by time)
 */
import type { CONTACT_STATUSES } from '../../../../contract/contact';
import { defineEntity } from '../entity';

export interface ContactMessageItem {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id?: string;
  status: (typeof CONTACT_STATUSES)[number];
  created_at: string;
  handled_at?: string;
  handled_by?: string;
}

export const ContactMessageEntity = defineEntity<ContactMessageItem>()({
  entity: 'contactMessage',
  version: '1',
  indexes: {
    byId: { pk: ['id'], sk: [] },
    byStatus: { index: 'gsi1', pk: ['status'], sk: ['id'] },
  },
});
