/** The contact form and the admin inbox of its messages. */
import type * as z from 'zod';
import type {
  ContactMessage,
  contactMessageInputSchema,
  ContactMessagePage,
  ContactMessageSent,
  ContactStatus,
} from '../contact';
import { defineRoutes, route } from './table';

export const contactRoutes = defineRoutes('contact', {
  'POST /api/contact': route<{
    body: z.input<typeof contactMessageInputSchema>;
    response: ContactMessageSent;
  }>({
    operation: 'send-contact-message',
    access: 'public',
    summary:
      'The contact form: stores the message and notifies the admins (rate limited per client).',
  }),
  'GET /api/admin/contact-messages': route<{
    query: { status?: ContactStatus; limit?: string; cursor?: string };
    response: ContactMessagePage;
  }>({
    operation: 'list-contact-messages',
    access: 'admin',
    summary: 'Contact messages of one status (new or handled), newest first, paged.',
  }),
  'POST /api/admin/contact-messages/{id}/handle': route<{ response: ContactMessage }>({
    operation: 'handle-contact-message',
    access: 'admin',
    summary: 'Marks a new contact message handled (audited); a handled one is a 409.',
  }),
});
