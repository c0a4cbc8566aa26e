/**
 * The HTTP API, generated from the single route table (`contract/routes`, one file per domain): one
 * MarketplaceFunction per domain, one API Gateway route per row, the Cognito JWT authorizer on every
 * row that is not public. What each domain may touch is declared once, in `domainNeeds`. The
 * routes live in nested stacks by group of domains (lib/constructs/api-routes.ts).
 */
import { Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import {
  HttpApi,
  HttpAuthorizer,
  HttpAuthorizerType,
  HttpStage,
  LogGroupLogDestination,
  type IHttpRouteAuthorizer,
} from 'aws-cdk-lib/aws-apigatewayv2';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { domains, routesOf } from '../../contract/routes';
import type { Domain } from '../../contract/routes';
import type { StackSecretName } from '../../contract/design/secrets';
import { storageDesign } from '../../contract/design/storage-design';
import { API_FUNCTION_TIMEOUT_SECONDS } from '../../contract/third-parties';
import { lambdaVariables, type LambdaEnvironment } from '../../contract/design/lambda-environment';
import type { Data } from './data';
import { Secrets } from './secrets';
import { functionEnvironment } from './function-environment';
import { MarketplaceFunction } from './marketplace-function';
import type { BucketAccess, TableAccess } from './marketplace-function';
import { ApiRoutes, ROUTE_STACKS, pascal, type RouteStackName } from './api-routes';

/** Access to the objects under one key prefix of a bucket. */
export interface BucketGrant {
  readonly access: BucketAccess;
  readonly prefix: string;
}

/**
 * One JSON line per request, with what a runbook asks first: which route (the route key, not only
 * the path), how long API Gateway and the function took, and why an integration failed (a
 * function that timed out or threw shows here, not only in its own log). The request id joins it
 * to the function's log lines.
 */
export const API_ACCESS_LOG_FIELDS = {
  requestId: '$context.requestId',
  requestTime: '$context.requestTime',
  ip: '$context.identity.sourceIp',
  method: '$context.httpMethod',
  path: '$context.path',
  routeKey: '$context.routeKey',
  status: '$context.status',
  protocol: '$context.protocol',
  responseLength: '$context.responseLength',
  responseLatency: '$context.responseLatency',
  integrationLatency: '$context.integrationLatency',
  integrationStatus: '$context.integrationStatus',
  integrationError: '$context.integrationErrorMessage',
  integrationErrorDetail: '$context.integration.error',
  error: '$context.error.message',
  authorizerError: '$context.authorizer.error',
} as const;

/** A grant or several (one per prefix), as a list. */
const grantsOf = (grants: BucketGrant | readonly BucketGrant[] | undefined): BucketGrant[] =>
  grants === undefined ? [] : Array.isArray(grants) ? [...grants] : [grants as BucketGrant];

/** What a domain's Lambda may do; anything not listed here it cannot do. */
export interface DomainNeeds {
  readonly table?: TableAccess;
  /** Secrets it reads (contract/design/secrets.ts). */
  readonly secrets?: readonly StackSecretName[];
  readonly mvpFiles?: BucketGrant | readonly BucketGrant[];
  readonly previewImages?: BucketGrant | readonly BucketGrant[];
}

/**
 * Least privilege by domain. A `Record<Domain, …>` so a new domain in the route table does not
 * compile until its needs are written down here.
 */
export const domainNeeds: Record<Domain, DomainNeeds> = {
  // Browse and detail only read: the table, and the catalog snapshot under `catalog/` (written by
  // the snapshot task, lib/constructs/schedules.ts). Preview images are served by CloudFront.
  catalog: {
    table: 'read',
    mvpFiles: { access: 'read', prefix: storageDesign.catalogPrefix },
  },
  // Creates the default profile on first sight, and beta accounts (`betaAccessNeeds`, when on).
  // Admin user management pages with signed cursors and moves users between role groups
  // (`userManagementNeeds`).
  // An uploaded avatar: checks the browser's upload under `uploads/` (HEAD), copies it to
  // `previews/avatars/` and removes the original and the replaced picture.
  profiles: {
    table: 'readWrite',
    secrets: ['cursorSigningKey'],
    previewImages: [
      { access: 'readWrite', prefix: storageDesign.uploadsPrefix },
      { access: 'readWrite', prefix: `${storageDesign.previewPrefix}avatars/` },
    ],
  },
  // Newsletter toggles, subscribers, launch-page leads and issues; the admin tab's lists page with
  // signed cursors, and it signs and checks the links of the e-mails. Sending (SES) and starting
  // newsletter-send are granted by the Newsletter construct.
  newsletter: { table: 'readWrite', secrets: ['cursorSigningKey', 'newsletterSigningKey'] },
  // Public seller pages: profiles and templates, read only. Add to gallery of a build's picture
  // (the templates domain's rule): the template's gallery and held edit in the table, the copy
  // written under the templates' preview folder (and removed again after a refused write); the
  // picture's read is granted by VersionBuilds (`servePictures`), starting the renditions by the
  // pipeline.
  sellers: {
    table: 'readWrite',
    previewImages: {
      access: 'write',
      prefix: `${storageDesign.previewPrefix}${storageDesign.bundlesPrefix}`,
    },
  },
  // Home figures and admin analytics: counter reads only, and the admin's profile (created on
  // first sight, hence the write).
  stats: { table: 'readWrite' },
  // The seller's templates: register, version, edit, retry, archive. It checks the browser's
  // uploads under `uploads/` (HEAD), copies them to `mvps/` and `previews/` and removes them, and
  // removes replaced preview images. Starting the processing state machine is granted by the
  // pipeline construct (the function is handed to it).
  templates: {
    table: 'readWrite',
    mvpFiles: [
      { access: 'readWrite', prefix: storageDesign.uploadsPrefix },
      { access: 'write', prefix: storageDesign.bundlesPrefix },
    ],
    previewImages: [
      { access: 'readWrite', prefix: storageDesign.uploadsPrefix },
      { access: 'write', prefix: storageDesign.previewPrefix },
    ],
  },
  // Presigned PUTs under `uploads/` only (the URL carries this function's permission to put); the
  // table for the caller's profile (created on first sight).
  uploads: {
    table: 'readWrite',
    mvpFiles: { access: 'write', prefix: storageDesign.uploadsPrefix },
    previewImages: { access: 'write', prefix: storageDesign.uploadsPrefix },
  },
  // Seller applications (and the applicant's profile on first sight); an approval moves the
  // applicant to the seller role group (`userManagementNeeds`).
  'seller-applications': { table: 'readWrite' },
  // Checkout, the subscription view and changes, Connect onboarding and the Stripe webhook: the
  // table (subscriptions, orders, quotas, licences, webhook claims) and the two Stripe secrets.
  billing: { table: 'readWrite', secrets: ['stripeSecretKey', 'stripeWebhookSecret'] },
  // Refund requests; admins process them through Stripe (refunds.create).
  refunds: { table: 'readWrite', secrets: ['stripeSecretKey'] },
  // The seller's payouts page: payouts, downloads and the Connect status (and, like every route
  // whose policy loads the caller's profile, the default profile on first sight); an admin's
  // Process pays one payout through the run's transfer (transfers.create), hence the Stripe key.
  payouts: { table: 'readWrite', secrets: ['stripeSecretKey'] },
  // The admin audit log, read only (entries are written by the domains that act), paged with
  // signed cursors; the admin's profile may be created on first sight.
  audit: { table: 'readWrite', secrets: ['cursorSigningKey'] },
  // The contact form (messages, its rate-limit counters keyed by an HMAC with `rateLimitKey`, the
  // admins' notifications) and the admins' list of them, paged with signed cursors.
  contact: { table: 'readWrite', secrets: ['cursorSigningKey', 'rateLimitKey'] },
  // The admin overview: counter and list reads only, and the admin's profile (created on first
  // sight, hence the write).
  admin: { table: 'readWrite' },
  // Licence certificates: read only (they are written with downloads and orders); the caller's
  // list pages with signed cursors.
  licenses: { table: 'read', secrets: ['cursorSigningKey'] },
  // Reads downloads, templates and profiles; writes disputes (and a first-sight profile).
  disputes: { table: 'readWrite' },
  // Reads the security reports, and the template and its versions to find the live one or check
  // the owner; the caller's profile may be created on first sight, hence the write.
  security: { table: 'readWrite' },
  // Reads the caller's downloads and deployments (the templates they hold) and writes their
  // per-template mutes; the caller's profile may be created on first sight.
  'security-alerts': { table: 'readWrite' },
  // Quota, download rows, counters and the seller's notification in the table; presigns GETs of
  // bundles and reads zip directories by range, under `mvps/`; reads the code preview's manifests
  // and packs under `manifests/`.
  // Its list of downloads pages with signed cursors.
  downloads: {
    table: 'readWrite',
    mvpFiles: [
      { access: 'read', prefix: storageDesign.bundlesPrefix },
      // The code preview: bundle manifests and packs of text contents (read by range).
      { access: 'read', prefix: storageDesign.manifestsPrefix },
    ],
    secrets: ['cursorSigningKey'],
  },
  // Reviews, the template's rating counters and the seller's notification.
  reviews: { table: 'readWrite' },
  // The caller's notifications and unread counter; pages with signed cursors. The e-mail
  // switches, and the unsubscribe links of notification e-mails (signed with the newsletter's key).
  notifications: { table: 'readWrite', secrets: ['cursorSigningKey', 'newsletterSigningKey'] },
  // The seller's GitHub integration and the push webhook: the table (OAuth states, repository
  // links, templates' GitHub fields, webhook claims), the OAuth-state key and the App's private
  // key; the token vault's KMS key and starting github-sync are granted by the GithubSync construct.
  github: {
    table: 'readWrite',
    secrets: ['oauthStateKey', 'githubAppPrivateKey', 'githubAppClientSecret'],
  },
  // The caller's data export and account closure: reads every domain's own-data views, writes the
  // closure (profile, reviews, notifications, tokens, stories, payouts' snapshots, templates
  // archived, the audit entry), ends a subscription with its period at Stripe, and deletes the
  // Cognito user (`accountClosureNeeds`). The password check is a sign-in through the web client,
  // which needs no grant.
  account: {
    table: 'readWrite',
    secrets: ['stripeSecretKey', 'cursorSigningKey'],
    // A closed account's profile picture is deleted from its avatar folder.
    previewImages: { access: 'readWrite', prefix: `${storageDesign.previewPrefix}avatars/` },
  },
  // Buyer deploys: the table (deployments, sealed tokens, OAuth states, the download a deploy
  // spends), bundles under `mvps/` (upgrade pull requests), the OAuth-state key and the two OAuth
  // client secrets; the vault key and starting buyer-deploy are granted by BuyerDeploy.
  deployments: {
    table: 'readWrite',
    mvpFiles: { access: 'read', prefix: storageDesign.bundlesPrefix },
    secrets: ['oauthStateKey', 'githubOAuthClientSecret', 'netlifyClientSecret'],
  },
};

/**
 * What beta access adds, only in a deployment that switches it on (`betaAccess`): the profiles
 * function creates the short-lived Cognito users of `POST /api/auth/beta` (and deletes one again
 * if storing its profile fails), and keys its rate limit by an HMAC of the client's address. The
 * hourly cleanup has its own grants (lib/constructs/schedules.ts).
 */
export const betaAccessNeeds = {
  domain: 'profiles',
  userPoolActions: [
    'cognito-idp:AdminCreateUser',
    'cognito-idp:AdminSetUserPassword',
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminDeleteUser',
  ],
  secrets: ['rateLimitKey'],
} as const satisfies {
  domain: Domain;
  userPoolActions: readonly string[];
  secrets: readonly StackSecretName[];
};

/**
 * What admin user management adds to the profiles function, in every deployment: a role change
 * moves the user to the new role group (listing the user's groups, adding one, removing the
 * others), on this pool only. The profile's role mirrors the group. The seller applications
 * function needs the same: approving an applicant gives them the seller role.
 */
export const userManagementNeeds = {
  domains: ['profiles', 'seller-applications'],
  userPoolActions: [
    'cognito-idp:AdminListGroupsForUser',
    'cognito-idp:AdminAddUserToGroup',
    'cognito-idp:AdminRemoveUserFromGroup',
  ],
} as const satisfies { domains: readonly Domain[]; userPoolActions: readonly string[] };

/**
 * What the account function does on the pool: an account's closure deletes the caller's Cognito
 * user; an admin's reset of a lost authenticator app turns the user's TOTP off (AdminGetUser, to
 * see it is on, comes with its admin route).
 */
export const accountClosureNeeds = {
  domain: 'account',
  userPoolActions: ['cognito-idp:AdminDeleteUser', 'cognito-idp:AdminSetUserMFAPreference'],
} as const satisfies { domain: Domain; userPoolActions: readonly string[] };

/**
 * Memory beyond the house default (256 MB), where the figures ask for it. The catalog function
 * keeps the whole approved catalog in memory: `npm run bench -- browse` measures the process at
 * about 140 MB after a cold start at 10,000 templates and 340 MB (400 MB at its peak) at 100,000.
 * 1 GB leaves room to grow and, above all, buys CPU: Lambda's CPU share grows with memory (one
 * vCPU at 1,769 MB), and CPU is what a cold start (gunzip, parse, sort) and every in-memory browse
 * spend. At 256 MB the same cold start would run on a seventh of a core.
 */
export const domainMemory: Partial<Record<Domain, number>> = { catalog: 1024 };

export interface ApiProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  /**
   * `BETA_ACCESS_ENABLED` on every function; when true, the profiles function also gets
   * `betaAccessNeeds` (Cognito admin actions on this pool only, the rate-limit key).
   */
  readonly betaAccess: boolean;
  /** Stripe price ids of the paid plans (context `stripePriceBasic|Pro|Premium`); unset: not sold. */
  readonly stripePrices?: { basic?: string; pro?: string; premium?: string };
}

export class Api extends Construct {
  readonly httpApi: HttpApi;
  /** The secrets of contract/design/secrets.ts; other constructs grant from the same set. */
  readonly secrets: Secrets;
  readonly functions: ReadonlyMap<Domain, MarketplaceFunction>;
  /** `{apiId}.execute-api.{region}.amazonaws.com`: the CloudFront origin of `/api/*`. */
  readonly domainName: string;

  /** The nested stacks that hold the routes, by group of domains. */
  readonly routeStacks: ReadonlyMap<RouteStackName, ApiRoutes>;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const stack = Stack.of(this);
    this.httpApi = this.createHttpApi();
    const authorizer = this.createAuthorizer(props);

    const environments = domainEnvironments(props);
    this.secrets = new Secrets(this, 'Secrets');
    const functions = new Map<Domain, MarketplaceFunction>();
    for (const domain of domains) {
      functions.set(domain, this.createFunction(domain, environments(domain), props));
    }
    this.functions = functions;
    const routeStacks = new Map<RouteStackName, ApiRoutes>();
    for (const [name, grouped] of Object.entries(ROUTE_STACKS) as [
      RouteStackName,
      readonly Domain[],
    ][]) {
      routeStacks.set(
        name,
        new ApiRoutes(this, name, {
          httpApi: this.httpApi,
          authorizer,
          functions,
          domains: grouped,
        }),
      );
    }
    this.routeStacks = routeStacks;
    this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }

  /**
   * Verifies the Cognito ID token exactly as the local adapter does (contract 2 in the brief). It
   * is made here, in the main stack, and the route stacks receive its id: bound by a first route,
   * it would live in that route's nested stack and the others would reach into it.
   */
  private createAuthorizer(props: ApiProps): IHttpRouteAuthorizer {
    const { region } = Stack.of(this);
    const authorizer = new HttpAuthorizer(this, 'CognitoJwt', {
      httpApi: this.httpApi,
      type: HttpAuthorizerType.JWT,
      identitySource: ['$request.header.Authorization'],
      jwtIssuer: `https://cognito-idp.${region}.amazonaws.com/${props.userPool.userPoolId}`,
      jwtAudience: [props.webClient.userPoolClientId],
    });
    return HttpAuthorizer.fromHttpAuthorizerAttributes(this, 'CognitoJwtRef', {
      authorizerId: authorizer.authorizerId,
      authorizerType: HttpAuthorizerType.JWT,
    });
  }

  /** The API and its one stage, with access logs. */
  private createHttpApi(): HttpApi {
    const httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Marketplace API (reached by browsers through CloudFront under /api)',
      // The stage below is created explicitly so it can carry access logging and throttling.
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi,
      stageName: '$default',
      autoDeploy: true,
      accessLogSettings: {
        destination: new LogGroupLogDestination(accessLogs),
        format: AccessLogFormat.custom(JSON.stringify(API_ACCESS_LOG_FIELDS)),
      },
      throttle: { rateLimit: 100, burstLimit: 200 },
    });
    return httpApi;
  }

  /** A domain's function with exactly the grants of `domainNeeds` (and the extras above). */
  private createFunction(
    domain: Domain,
    environment: LambdaEnvironment,
    props: ApiProps,
  ): MarketplaceFunction {
    const { data } = props;
    const fn = new MarketplaceFunction(this, `${pascal(domain)}Function`, {
      domain,
      environment: lambdaVariables({ ...environment, POWERTOOLS_SERVICE_NAME: domain }),
      // The third parties' budgets (contract/third-parties.ts) fit inside it.
      timeout: Duration.seconds(API_FUNCTION_TIMEOUT_SECONDS),
      ...(domainMemory[domain] ? { memorySize: domainMemory[domain] } : {}),
    });
    const needs = domainNeeds[domain];
    if (needs.table) fn.bindTable(data.table, needs.table);
    this.secrets.grantTo(fn, needs.secrets ?? []);
    const userPoolActions = userPoolActionsOf(domain, props.betaAccess);
    // On the pool's ARN only: no wildcard, so nothing for cdk-nag to acknowledge.
    if (userPoolActions.size > 0) props.userPool.grant(fn, ...userPoolActions);
    if (props.betaAccess && domain === betaAccessNeeds.domain) {
      this.secrets.grantTo(fn, betaAccessNeeds.secrets);
    }
    for (const grant of grantsOf(needs.mvpFiles)) {
      fn.bindBucket(data.mvpFilesBucket, grant.access, grant.prefix);
    }
    for (const grant of grantsOf(needs.previewImages)) {
      fn.bindBucket(data.previewImagesBucket, grant.access, grant.prefix);
    }
    return fn;
  }
}

/**
 * Each domain's environment: the common one, with `BETA_ACCESS_ENABLED`; only checkout and the
 * subscription changes need to know which price sells which plan.
 */
const domainEnvironments = (props: ApiProps): ((domain: Domain) => LambdaEnvironment) => {
  const environment = {
    ...functionEnvironment(props),
    BETA_ACCESS_ENABLED: props.betaAccess ? 'true' : 'false',
  } satisfies LambdaEnvironment;
  const byDomain: Partial<Record<Domain, LambdaEnvironment>> = {
    billing: {
      ...environment,
      STRIPE_PRICE_BASIC: props.stripePrices?.basic,
      STRIPE_PRICE_PRO: props.stripePrices?.pro,
      STRIPE_PRICE_PREMIUM: props.stripePrices?.premium,
    },
  };
  return (domain) => byDomain[domain] ?? environment;
};

/** The Cognito admin actions a domain's function may take on this pool (none for most). */
const userPoolActionsOf = (domain: Domain, betaAccess: boolean): Set<string> =>
  new Set<string>([
    ...((userManagementNeeds.domains as readonly Domain[]).includes(domain)
      ? userManagementNeeds.userPoolActions
      : []),
    ...(domain === accountClosureNeeds.domain ? accountClosureNeeds.userPoolActions : []),
    ...(betaAccess && domain === betaAccessNeeds.domain ? betaAccessNeeds.userPoolActions : []),
    // Admin routes check that the caller has an authenticator app (lambdas/shared/auth/admin-mfa.ts).
    ...(routesOf(domain).some((route) => route.access === 'admin')
      ? ['cognito-idp:AdminGetUser']
      : []),
  ]);
