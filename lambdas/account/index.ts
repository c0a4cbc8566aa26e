/** The account Lambda (the caller's data export and account closure): its rows of the route table. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'account',
  {
    'export-my-data': () =>
      import('./handlers/export-my-data').then((m) => m.exportMyDataOperation),
    'close-my-account': () =>
      import('./handlers/close-my-account').then((m) => m.closeMyAccountOperation),
  },
  { loadProfile: loadCallerProfile },
);
