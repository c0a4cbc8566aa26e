/** The catalog Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { catalogRoutes } from '../../contract/routes/catalog';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  catalogRoutes,
  {
    'list-mvps': () => import('./handlers/list-mvps').then((m) => m.listTemplates),
    'get-mvp': () => import('./handlers/get-mvp').then((m) => m.getTemplate),
    'list-mvp-versions': () =>
      import('./handlers/list-mvp-versions').then((m) => m.listTemplateVersions),
  },
  { loadProfile: loadCallerProfile },
);
