/**
 * The sellers Lambda (public seller pages, a seller's own analytics, Add to gallery of a build's
 * picture): its rows of the route table.
 */
import { loadCallerProfile } from '../profiles/profile-loader';
import { sellersRoutes } from '../../contract/routes/sellers';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  sellersRoutes,
  {
    'get-seller-profile': () =>
      import('./handlers/get-seller-profile').then((m) => m.getSellerProfile),
    'get-my-analytics': () => import('./handlers/get-my-analytics').then((m) => m.getMyAnalytics),
    'export-my-analytics': () =>
      import('./handlers/export-my-analytics').then((m) => m.exportMyAnalytics),
    'add-build-screenshot-to-gallery': () =>
      import('./handlers/add-build-screenshot-to-gallery').then(
        (m) => m.addBuildScreenshotToGallery,
      ),
  },
  { loadProfile: loadCallerProfile },
);
