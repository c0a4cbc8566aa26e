/**
 * The API's routes, in nested stacks by group of domains: with 133 routes, an
 * integration and an invoke permission per domain, they were 181 of the main stack's resources,
 * and CloudFormation allows 500 a stack. The API, its stage, its authorizer and the functions stay
 * in the main stack (other constructs and the alarms use them); a group's stack holds only what
 * wires its domains' rows to their functions, so a new route never moves anything else.
 *
 * Each nested stack receives the API's id, the authorizer's id and its functions' ARNs as
 * parameters (CDK writes them); nothing in the main stack refers back into a group's stack.
 */
import { NestedStack, Validations } from 'aws-cdk-lib';
import {
  HttpMethod,
  HttpRoute,
  HttpRouteKey,
  type HttpApi,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { Construct } from 'constructs';
import { routeKey, routesOf, type Domain } from '../../contract/routes';
import type { MarketplaceFunction } from './marketplace-function';

/**
 * Which nested stack holds which domains' routes: what a buyer uses, what a seller uses, and
 * accounts, money and administration. A group's stack stays far below 500 resources (its routes,
 * one integration and one permission per domain); a new domain does not compile until it is
 * placed here (`Unplaced` below).
 */
export const ROUTE_STACKS = {
  BuyerRoutes: [
    'catalog',
    'downloads',
    'licenses',
    'reviews',
    'disputes',
    'refunds',
    'deployments',
    'security-alerts',
    'notifications',
  ],
  SellerRoutes: [
    'templates',
    'uploads',
    'github',
    'payouts',
    'sellers',
    'seller-applications',
    'security',
  ],
  AccountRoutes: [
    'profiles',
    'account',
    'billing',
    'newsletter',
    'contact',
    'admin',
    'audit',
    'stats',
  ],
} as const satisfies Record<string, readonly Domain[]>;

export type RouteStackName = keyof typeof ROUTE_STACKS;

type Unplaced = Exclude<Domain, (typeof ROUTE_STACKS)[RouteStackName][number]>;
/** Compiles only while every domain of the route table is in a group. */
const everyDomainPlaced: [Unplaced] extends [never] ? true : Unplaced = true;
void everyDomainPlaced;

export interface ApiRoutesProps {
  readonly httpApi: HttpApi;
  readonly authorizer: IHttpRouteAuthorizer;
  readonly functions: ReadonlyMap<Domain, MarketplaceFunction>;
  readonly domains: readonly Domain[];
}

/** One group's routes: per domain an integration, its invoke permission, and a route per row. */
export class ApiRoutes extends NestedStack {
  constructor(scope: Construct, id: RouteStackName, props: ApiRoutesProps) {
    super(scope, id, { description: `Marketplace API routes: ${props.domains.join(', ')}` });
    for (const domain of props.domains) {
      const fn = props.functions.get(domain);
      if (!fn) throw new Error(`No function for the ${domain} routes`);
      this.addDomainRoutes(domain, fn, props);
    }
  }

  /** One API Gateway route per row of the domain's route table, behind the authorizer unless public. */
  private addDomainRoutes(domain: Domain, fn: MarketplaceFunction, props: ApiRoutesProps): void {
    // One invoke permission per function for this API, not one per route: the API only sends a
    // function the routes integrated with it, and a permission per route would double the count.
    const integration = new HttpLambdaIntegration(`${pascal(domain)}Integration`, fn, {
      scopePermissionToRoute: false,
    });
    for (const route of routesOf(domain)) {
      const isPublic = route.access === 'public';
      const created = new HttpRoute(this, `${route.method}${route.path}`, {
        httpApi: props.httpApi,
        routeKey: HttpRouteKey.with(route.path, HttpMethod[route.method]),
        integration,
        ...(isPublic ? {} : { authorizer: props.authorizer }),
      });
      if (isPublic) {
        Validations.of(created).acknowledge({
          id: 'AwsSolutions-APIG4',
          reason: `${routeKey(route)} is public in the route table (${route.summary})`,
        });
      }
    }
  }
}

export const pascal = (name: string): string =>
  name
    .split('-')
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
