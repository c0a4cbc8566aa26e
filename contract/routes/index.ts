/**
 * The route table: every domain's routes (one file per domain in this folder), in one list for
 * the CDK and the local adapter, and in one type map for the frontend's client (`contract/api.ts`).
 * A domain's Lambda reads only its own file. Adding a route: a row in its domain's file.
 */
import { catalogRoutes } from './catalog';
import { profilesRoutes } from './profiles';
import { accountRoutes } from './account';
import { sellersRoutes } from './sellers';
import { newsletterRoutes } from './newsletter';
import { statsRoutes } from './stats';
import { billingRoutes } from './billing';
import { refundsRoutes } from './refunds';
import { disputesRoutes } from './disputes';
import { sellerApplicationsRoutes } from './seller-applications';
import { uploadsRoutes } from './uploads';
import { templatesRoutes } from './templates';
import { adminRoutes } from './admin';
import { downloadsRoutes } from './downloads';
import { reviewsRoutes } from './reviews';
import { notificationsRoutes } from './notifications';
import { githubRoutes } from './github';
import { deploymentsRoutes } from './deployments';
import { payoutsRoutes } from './payouts';
import { licensesRoutes } from './licenses';
import { contactRoutes } from './contact';
import { auditRoutes } from './audit';
import { securityRoutes } from './security';
import { securityAlertsRoutes } from './security-alerts';
import type { Domain, RouteDefinition, RouteRow } from './table';

export { routeKey, type Access, type Domain, type HttpMethod, type RouteDefinition } from './table';

const groups = [
  catalogRoutes,
  profilesRoutes,
  accountRoutes,
  sellersRoutes,
  newsletterRoutes,
  statsRoutes,
  billingRoutes,
  refundsRoutes,
  disputesRoutes,
  sellerApplicationsRoutes,
  uploadsRoutes,
  templatesRoutes,
  adminRoutes,
  downloadsRoutes,
  reviewsRoutes,
  notificationsRoutes,
  githubRoutes,
  deploymentsRoutes,
  payoutsRoutes,
  licensesRoutes,
  contactRoutes,
  auditRoutes,
  securityRoutes,
  securityAlertsRoutes,
] as const;

export const routes: readonly RouteDefinition[] = groups.flatMap((group) => group.list);

export const domains: readonly Domain[] = groups.map((group) => group.domain);

export const routesOf = (domain: Domain): RouteDefinition[] =>
  routes.filter((route) => route.domain === domain);

type Rows = (typeof catalogRoutes)['rows'] &
  (typeof profilesRoutes)['rows'] &
  (typeof accountRoutes)['rows'] &
  (typeof sellersRoutes)['rows'] &
  (typeof newsletterRoutes)['rows'] &
  (typeof statsRoutes)['rows'] &
  (typeof billingRoutes)['rows'] &
  (typeof refundsRoutes)['rows'] &
  (typeof disputesRoutes)['rows'] &
  (typeof sellerApplicationsRoutes)['rows'] &
  (typeof uploadsRoutes)['rows'] &
  (typeof templatesRoutes)['rows'] &
  (typeof adminRoutes)['rows'] &
  (typeof downloadsRoutes)['rows'] &
  (typeof reviewsRoutes)['rows'] &
  (typeof notificationsRoutes)['rows'] &
  (typeof githubRoutes)['rows'] &
  (typeof deploymentsRoutes)['rows'] &
  (typeof payoutsRoutes)['rows'] &
  (typeof licensesRoutes)['rows'] &
  (typeof contactRoutes)['rows'] &
  (typeof auditRoutes)['rows'] &
  (typeof securityRoutes)['rows'] &
  (typeof securityAlertsRoutes)['rows'];

/** `GET /api/mvps/{id}`: a route of the table, as one string (the frontend client's key). */
export type RouteKey = keyof Rows & string;

/** Every route's request parts and response, keyed by route key. */
export type ApiRows = {
  [Key in RouteKey]: Rows[Key] extends RouteRow<infer Types> ? Types : never;
};
