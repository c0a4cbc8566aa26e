/** The contact Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { contactRoutes } from '../../contract/routes/contact';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  contactRoutes,
  {
    'send-contact-message': () =>
      import('./handlers/send-contact-message').then((m) => m.sendContactMessage),
    'list-contact-messages': () =>
      import('./handlers/list-contact-messages').then((m) => m.listContactMessages),
    'handle-contact-message': () =>
      import('./handlers/handle-contact-message').then((m) => m.handleContactMessage),
  },
  { loadProfile: loadCallerProfile },
);
