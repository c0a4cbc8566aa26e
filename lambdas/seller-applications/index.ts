/** The seller applications Lambda: the application wizard's route, through the shared chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  'seller-applications',
  {
    'submit-application': () =>
      import('./handlers/submit-application').then((m) => m.submitApplication),
  },
  { loadProfile: loadCallerProfile },
);
