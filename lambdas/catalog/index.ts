/** The catalog Lambda: its rows of the route table through the shared HTTP chain. */
import { loadCallerProfile } from '../profiles/profile-loader';
import { catalogRoutes } from '../../contract/routes/catalog';
import { createHttpHandler } from '../shared/http/create-http-handler';

export const handler = createHttpHandler(
  catalogRoutes,
  {
    'list-templates': () => import('./handlers/list-templates').then((m) => m.listTemplates),
    'get-template': () => import('./handlers/get-template').then((m) => m.getTemplate),
    'list-template-versions': () =>
      import('./handlers/list-template-versions').then((m) => m.listTemplateVersions),
  },
  { loadProfile: loadCallerProfile },
);
