/** The newsletter Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { newsletterRoutes } from '../../contract/routes/newsletter';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  newsletterRoutes,
  {
    'get-my-newsletter': () =>
      import('./handlers/get-my-newsletter').then((m) => m.getMyNewsletterHandler),
    'update-my-newsletter': () =>
      import('./handlers/update-my-newsletter').then((m) => m.updateMyNewsletterHandler),
    'capture-lead': () => import('./handlers/capture-lead').then((m) => m.captureLeadHandler),
    'confirm-newsletter': () =>
      import('./handlers/confirm-newsletter').then((m) => m.confirmNewsletterHandler),
    'unsubscribe-newsletter': () =>
      import('./handlers/unsubscribe-newsletter').then((m) => m.unsubscribeNewsletterHandler),
    'list-newsletter-types': () =>
      import('./handlers/list-newsletter-types').then((m) => m.listNewsletterTypesHandler),
    'create-newsletter-type': () =>
      import('./handlers/create-newsletter-type').then((m) => m.createNewsletterTypeHandler),
    'update-newsletter-type': () =>
      import('./handlers/update-newsletter-type').then((m) => m.updateNewsletterTypeHandler),
    'delete-newsletter-type': () =>
      import('./handlers/delete-newsletter-type').then((m) => m.deleteNewsletterTypeHandler),
    'list-newsletter-type-subscriptions': () =>
      import('./handlers/list-newsletter-type-subscriptions').then(
        (m) => m.listNewsletterTypeSubscriptionsHandler,
      ),
    'list-newsletter-subscribers': () =>
      import('./handlers/list-newsletter-subscribers').then(
        (m) => m.listNewsletterSubscribersHandler,
      ),
    'export-newsletter-subscribers': () =>
      import('./handlers/export-newsletter-subscribers').then(
        (m) => m.exportNewsletterSubscribersHandler,
      ),
    'list-newsletter-issues': () =>
      import('./handlers/list-newsletter-issues').then((m) => m.listNewsletterIssuesHandler),
    'create-newsletter-issue': () =>
      import('./handlers/create-newsletter-issue').then((m) => m.createNewsletterIssueHandler),
    'get-newsletter-issue': () =>
      import('./handlers/get-newsletter-issue').then((m) => m.getNewsletterIssueHandler),
    'send-newsletter-issue': () =>
      import('./handlers/send-newsletter-issue').then((m) => m.sendNewsletterIssueHandler),
  },
  { loadProfile: loadCallerProfile },
);
