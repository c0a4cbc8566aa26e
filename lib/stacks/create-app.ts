/**
 * Builds the CDK app: reads the context flags (cdk.json, `-c key=value`, or the `context` argument
 * in tests), creates the stack and plugs cdk-nag's AwsSolutions pack into CDK's validations, so an
 * unacknowledged finding fails `cdk synth` itself. `bin/app.ts` and the infra tests both call this.
 */
import { App, Validations } from 'aws-cdk-lib';
import type { AppProps } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { authDesign } from '../../contract/design/auth-design';
import type { CostCaps } from '../../contract/design/live-previews';
import { DEFAULT_LAUNCH_AT, type PaymentsMode } from '../../contract/design/site-config';
import {
  LONG_TASK_COUNT,
  totalReserved,
  type ConcurrencySettings,
} from '../constructs/concurrency';
import { DeployRoleStack } from './deploy-role-stack';
import { MarketplaceStack } from './marketplace-stack';
import { domainContext } from './domain-context';
import { capContext, previewDomainContext, previewPublicKeysContext } from './preview-context';

export interface AppSettings {
  readonly stage: string;
  readonly retainData: boolean;
  readonly betaAccess: boolean;
  readonly launchAt: string;
  readonly paymentsMode: PaymentsMode;
  /** Stripe price ids of the paid plans (`-c stripePricePro=price_…`); a plan without one is not sold. */
  readonly stripePrices: { basic?: string; pro?: string; premium?: string };
  /**
   * Newsletter e-mail (`-c mailFrom=news@example.com -c mailIdentity=example.com
   * -c mailSendRate=14 -c siteUrl=https://www.example.com`): the identity defaults to the sender's
   * domain, the rate to SES's usual 14/s, the links' base to the CloudFront address.
   */
  readonly mail: { from: string; identity: string; sendRate: number; siteUrl?: string };
  /** The marketplace's GitHub App (`-c githubAppId=123 -c githubAppSlug=my-app`); unset: none. */
  readonly githubApp?: { id: number; slug: string; clientId?: string };
  /** The buyers' OAuth apps (`-c githubOAuthClientId=… -c netlifyClientId=…`); unset: none. */
  readonly deployOAuth?: { githubClientId?: string; netlifyClientId?: string };
  /** Who is e-mailed every alarm (`-c alarmEmail=ops@example.com`); unset: no subscription. */
  readonly alarmEmail?: string;
  /**
   * The site's own domain (`-c domainName=www.example.com`, optionally `-c hostedZoneId=Z…` and
   * `-c hostedZoneName=example.com`, the zone's name defaulting to the domain); unset: none.
   */
  readonly domain?: { name: string; hostedZone?: { id: string; name: string } };
  /**
   * The repository GitHub Actions deploys from (`-c githubRepo=owner/name`, optionally
   * `-c githubOidcProviderArn=…` to reuse the account's provider): adds `DeployRole-<stage>`.
   */
  readonly deployFrom?: { repo: string; oidcProviderArn?: string };
  /**
   * WAF (`-c waf=true`, default on for stage prod): on CloudFront, a rate limit per client IP and
   * 5 minutes (`-c wafRateLimit=2000`); on the user pool, the e-mail-sending operations (sign-up,
   * a new code, a password reset) per client IP and in total per 5 minutes
   * (`-c wafSignUpRateLimit=20 -c wafSignUpTotalLimit=500`).
   */
  readonly waf?: { rateLimit: number; signUpRateLimit: number; signUpTotalLimit: number };
  /**
   * Who sends the user pool's e-mail (`-c cognitoEmail=ses|cognito`): `ses`, through the stack's
   * SES identity from `mailFrom`, by default when the sender is a real address (always in prod);
   * `cognito`, Cognito's own e-mail (50 a day), by default for a sender at an example domain.
   */
  readonly cognitoEmail: 'ses' | 'cognito';
  /** Cognito threat protection (`-c threatProtection=true`, default on for stage prod). */
  readonly threatProtection: boolean;
  /** The user pool's shortest password: 8 for prod, the product's 6 elsewhere. */
  readonly passwordMinLength: number;
  /**
   * Reserved concurrency (`-c reservedConcurrency=true`, default on for stage prod; `false` for an
   * account whose pool is too small to reserve from): per long workflow task
   * (`-c longTaskConcurrency=10`), billing (`-c billingConcurrency=50`) and catalog
   * (`-c catalogConcurrency=100`), checked against the account's pool
   * (`-c accountConcurrency=1000`). Unset: no reservation.
   */
  readonly concurrency?: ConcurrencySettings;
  /**
   * The version of the origin header secret CloudFront sends (`-c originVerifyVersion=<VersionId>`
   * from `put-secret-value`): a new one changes the distribution, so a deploy makes CloudFront
   * read the rotated value (docs/operations.md, "Origin header"). Unset: the current version at
   * the distribution's last change.
   */
  readonly originVerifyVersion?: string;
  /**
   * The live previews' own domain (`-c previewDomain=preview.example-previews.net`, optionally
   * `-c previewHostedZoneId=Z… -c previewHostedZoneName=example-previews.net`): never under the
   * site's own registrable domain, so no cookie of the marketplace reaches a preview. Unset:
   * the preview distribution's *.cloudfront.net name.
   */
  readonly previewDomain?: { name: string; hostedZone?: { id: string; name: string } };
  /**
   * The PEM public keys CloudFront trusts for signed preview addresses
   * (`-c previewPublicKeys=keys/preview-2026-01.pub.pem[,keys/preview-2026-07.pub.pem]`, paths
   * from the repository's root; two during a rotation). Unset: a placeholder nobody can sign for.
   */
  readonly previewPublicKeys: readonly string[];
  /**
   * Build minutes and preview storage per seller and month (`-c buildMinutesPerSeller=300
   * -c previewMegabytesPerSeller=1024`), defaults in contract/design/live-previews.ts.
   */
  readonly costCaps: CostCaps;
}

const EMAIL = /^[^@\s]+@([^@\s]+\.[^@\s]+)$/;

/** The mail settings from context, checked. */
const mailContext = (context: (key: string) => unknown): AppSettings['mail'] => {
  const from = String(context('mailFrom') ?? 'newsletter@example.com');
  const domain = EMAIL.exec(from)?.[1];
  if (!domain) throw new Error(`Context "mailFrom" must be an e-mail address; got "${from}".`);
  const identity = String(context('mailIdentity') ?? domain);
  if (identity !== from && identity !== domain) {
    throw new Error(
      `Context "mailIdentity" must be the sender "${from}" or its domain "${domain}"; got "${identity}".`,
    );
  }
  const sendRate = Number(context('mailSendRate') ?? 14);
  if (!Number.isFinite(sendRate) || sendRate <= 0 || sendRate > 1000) {
    throw new Error(`Context "mailSendRate" must be a positive number of messages per second.`);
  }
  const siteUrl = context('siteUrl');
  if (siteUrl !== undefined && !/^https:\/\/[^/\s]+$/.test(String(siteUrl))) {
    throw new Error(
      `Context "siteUrl" must be https://<host> without a path; got "${String(siteUrl)}".`,
    );
  }
  return {
    from,
    identity,
    sendRate,
    ...(siteUrl !== undefined ? { siteUrl: String(siteUrl) } : {}),
  };
};

/** The origin header secret's version from context: a Secrets Manager VersionId, checked. */
const originVerifyVersionContext = (value: unknown): { originVerifyVersion?: string } => {
  if (value === undefined) return {};
  const version = String(value);
  if (!/^[A-Za-z0-9-]{32,64}$/.test(version)) {
    throw new Error(
      `Context "originVerifyVersion" must be the VersionId put-secret-value printed; got "${version}".`,
    );
  }
  return { originVerifyVersion: version };
};

/** Context values arrive as booleans from cdk.json and as strings from `-c retainData=true`. */
const flag = (value: unknown): boolean => value === true || value === 'true';

/** A price id from context, checked for Stripe's shape. */
const priceContext = (value: unknown, plan: 'basic' | 'pro' | 'premium') => {
  if (value === undefined || value === null || value === '') return {};
  const text = String(value);
  if (!/^price_[A-Za-z0-9]{1,200}$/.test(text)) {
    throw new Error(
      `Context "stripePrice…" for ${plan} must be a Stripe price id (price_…); got "${text}".`,
    );
  }
  return { [plan]: text };
};

/** The app settings from context, with defaults; a malformed value fails loudly. */
export const readSettings = (app: App): AppSettings => {
  const context = (key: string): unknown => app.node.tryGetContext(key);
  const stage = String(context('stage') ?? 'dev');
  if (!/^[a-z][a-z0-9-]{0,19}$/.test(stage)) {
    throw new Error(
      `Context "stage" must be lower-case letters, digits and dashes; got "${stage}".`,
    );
  }
  const launchAt = String(context('launchAt') ?? DEFAULT_LAUNCH_AT);
  if (Number.isNaN(Date.parse(launchAt))) {
    throw new Error(`Context "launchAt" must be an ISO 8601 date-time; got "${launchAt}".`);
  }
  const mail = mailContext(context);
  const settings: AppSettings = {
    stage,
    retainData: retainDataContext(stage, context('retainData')),
    betaAccess: flag(context('betaAccess')),
    launchAt,
    // A deployment always talks to Stripe itself (with the keys put in its secrets).
    paymentsMode: 'stripe',
    stripePrices: {
      ...priceContext(context('stripePriceBasic'), 'basic'),
      ...priceContext(context('stripePricePro'), 'pro'),
      ...priceContext(context('stripePricePremium'), 'premium'),
    },
    mail,
    ...githubAppContext(
      context('githubAppId'),
      context('githubAppSlug'),
      context('githubAppClientId'),
    ),
    ...deployOAuthContext(context('githubOAuthClientId'), context('netlifyClientId')),
    ...alarmEmailContext(context('alarmEmail')),
    ...domainContext(context('domainName'), context('hostedZoneId'), context('hostedZoneName')),
    ...deployFromContext(context('githubRepo'), context('githubOidcProviderArn')),
    ...wafContext(stage, context),
    threatProtection: onForProd(stage, context('threatProtection')),
    passwordMinLength:
      stage === 'prod' ? authDesign.productionPasswordMinLength : authDesign.passwordMinLength,
    cognitoEmail: cognitoEmailContext(context('cognitoEmail'), mail.from),
    ...concurrencyContext(stage, context),
    ...originVerifyVersionContext(context('originVerifyVersion')),
    ...previewDomainContext(
      context('previewDomain'),
      context('previewHostedZoneId'),
      context('previewHostedZoneName'),
      context('domainName'),
    ),
    previewPublicKeys: previewPublicKeysContext(context('previewPublicKeys')),
    costCaps: {
      buildMinutesPerSeller: capContext('buildMinutesPerSeller', context),
      previewMegabytesPerSeller: capContext('previewMegabytesPerSeller', context),
    },
  };
  if (stage === 'prod') checkProduction(settings);
  return settings;
};

/**
 * The documentation's domains (example.com, .net, .org) and the reserved names (.example, .test,
 * .invalid, .localhost): an address there reaches nobody.
 */
const RESERVED_DOMAIN = /(^|\.)(example\.(com|net|org)|[^.]+\.(example|test|invalid|localhost))$/i;

/**
 * What production cannot run without, checked before anything is built: someone to tell of an
 * alarm, its own domain (CloudFront's default certificate still accepts TLS 1.0; a custom one
 * has the TLS 1.2 floor) and real addresses (no example.com sender, alarm address or site).
 */
const checkProduction = (settings: AppSettings): void => {
  if (!settings.alarmEmail) {
    throw new Error(
      'Stage "prod" needs context "alarmEmail": alarms must reach someone (docs/operations.md, "Alarms").',
    );
  }
  if (!settings.domain) {
    throw new Error(
      'Stage "prod" needs context "domainName": the site\'s own certificate sets the TLS 1.2 floor (docs/operations.md, "Custom domain").',
    );
  }
  const named: [string, string | undefined][] = [
    ['mailFrom', settings.mail.from],
    ['mailIdentity', settings.mail.identity],
    ['alarmEmail', settings.alarmEmail],
    ['domainName', settings.domain.name],
    ['siteUrl', settings.mail.siteUrl?.replace(/^https:\/\//, '')],
  ];
  for (const [key, value] of named) {
    const host = value?.split('@').pop();
    if (host && RESERVED_DOMAIN.test(host)) {
      throw new Error(
        `Stage "prod" refuses context "${key}" at a reserved example domain ("${value}"): set the real one.`,
      );
    }
  }
};

/**
 * Data is kept unless a stage is explicitly disposable: `retainData` defaults to true everywhere,
 * `retainData=false` destroys table, buckets and user pool with a non-prod stack, and prod
 * refuses it (docs/operations.md, "Deploy").
 */
const retainDataContext = (stage: string, value: unknown): boolean => {
  if (value === undefined || value === null || value === '' || flag(value)) return true;
  if (value !== false && value !== 'false') {
    throw new Error(`Context "retainData" must be true or false; got "${String(value)}".`);
  }
  if (stage === 'prod') {
    throw new Error(
      'Context "retainData=false" is refused for stage "prod": production data is always kept.',
    );
  }
  return false;
};

/** The repository that deploys (and the OIDC provider to reuse), checked when set. */
const deployFromContext = (
  repo: unknown,
  providerArn: unknown,
): { deployFrom?: { repo: string; oidcProviderArn?: string } } => {
  if (repo === undefined || repo === '') return {};
  if (typeof repo !== 'string' || !/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(repo)) {
    throw new Error(`Context "githubRepo" must be owner/name; got "${String(repo)}".`);
  }
  if (providerArn === undefined || providerArn === '') return { deployFrom: { repo } };
  if (
    typeof providerArn !== 'string' ||
    !/^arn:aws[a-z-]*:iam::\d{12}:oidc-provider\//.test(providerArn)
  ) {
    throw new Error(`Context "githubOidcProviderArn" must be an IAM OIDC provider ARN.`);
  }
  return { deployFrom: { repo, oidcProviderArn: providerArn } };
};

/** A flag that defaults to on for stage prod and off elsewhere. */
const onForProd = (stage: string, value: unknown): boolean =>
  value === undefined || value === null ? stage === 'prod' : flag(value);

/**
 * 2000 requests per IP and 5 minutes (about 7 a second, sustained) by default: a person browsing
 * stays far below it even behind an office or mobile carrier's shared address (a page view makes
 * a handful of API calls, assets are cached), while a scraper or a credential-stuffing script
 * reaches it within a minute or two.
 */
const DEFAULT_WAF_RATE_LIMIT = 2000;

/**
 * 20 e-mail-sending requests to the user pool per IP and 5 minutes: a person signs up once, asks
 * for a new code or resets a password once or twice, and a shared office or carrier address
 * serves a few people at once; a script sending codes to made-up addresses stops at 20.
 */
const DEFAULT_SIGN_UP_RATE_LIMIT = 20;

/**
 * 500 in total per 5 minutes (under 2 a second, 144,000 a day at most): well above sign-ups at
 * launch, well below SES's default 14 a second, which the newsletter and notifications share.
 */
const DEFAULT_SIGN_UP_TOTAL_LIMIT = 500;

/** A rate-based rule's limit from context, within WAF's own bounds. */
const rateLimitContext = (key: string, value: unknown, fallback: number): number => {
  const limit = Number(value ?? fallback);
  if (!Number.isInteger(limit) || limit < 10 || limit > 2_000_000_000) {
    throw new Error(
      `Context "${key}" must be a whole number of requests per 5 minutes (10 or more); got "${String(value)}".`,
    );
  }
  return limit;
};

/** WAF from context: on for prod unless `-c waf=false`, the rate limits checked. */
const wafContext = (
  stage: string,
  context: (key: string) => unknown,
): { waf?: AppSettings['waf'] } => {
  if (!onForProd(stage, context('waf'))) return {};
  return {
    waf: {
      rateLimit: rateLimitContext('wafRateLimit', context('wafRateLimit'), DEFAULT_WAF_RATE_LIMIT),
      signUpRateLimit: rateLimitContext(
        'wafSignUpRateLimit',
        context('wafSignUpRateLimit'),
        DEFAULT_SIGN_UP_RATE_LIMIT,
      ),
      signUpTotalLimit: rateLimitContext(
        'wafSignUpTotalLimit',
        context('wafSignUpTotalLimit'),
        DEFAULT_SIGN_UP_TOTAL_LIMIT,
      ),
    },
  };
};

/**
 * Cognito's e-mail: through SES unless told otherwise or the sender is at an example domain,
 * which SES could never verify (`-c cognitoEmail=cognito` also serves the first deploy of a
 * stage whose identity SES has not verified yet, docs/operations.md, "E-mail (Amazon SES)").
 */
const cognitoEmailContext = (value: unknown, from: string): 'ses' | 'cognito' => {
  if (value === undefined || value === null || value === '') {
    return RESERVED_DOMAIN.test(from.split('@').pop() ?? '') ? 'cognito' : 'ses';
  }
  if (value !== 'ses' && value !== 'cognito') {
    throw new Error(`Context "cognitoEmail" must be ses or cognito; got "${String(value)}".`);
  }
  return value;
};

/**
 * Lambda keeps this many of an account's concurrent executions for the functions without a
 * reservation: a deploy that would leave fewer fails (PutFunctionConcurrency refuses it).
 */
const LAMBDA_UNRESERVED_MINIMUM = 100;

/** A whole number from context, at least `minimum`. */
const countContext = (key: string, value: unknown, fallback: number, minimum = 1): number => {
  const count = Number(value ?? fallback);
  if (!Number.isInteger(count) || count < minimum) {
    throw new Error(
      `Context "${key}" must be a whole number of concurrent executions (${minimum} or more); got "${String(value)}".`,
    );
  }
  return count;
};

/**
 * Reserved concurrency from context: on for prod unless `-c reservedConcurrency=false`. The
 * defaults and their reasons are in docs/operations.md ("Reserved concurrency"); what they reserve
 * must leave Lambda's 100 unreserved in the account's pool, or the synth stops here rather than
 * the deploy half-way.
 */
const concurrencyContext = (
  stage: string,
  context: (key: string) => unknown,
): { concurrency?: ConcurrencySettings } => {
  if (!onForProd(stage, context('reservedConcurrency'))) return {};
  const concurrency: ConcurrencySettings = {
    longTask: countContext('longTaskConcurrency', context('longTaskConcurrency'), 10),
    billing: countContext('billingConcurrency', context('billingConcurrency'), 50),
    catalog: countContext('catalogConcurrency', context('catalogConcurrency'), 100),
  };
  const pool = countContext('accountConcurrency', context('accountConcurrency'), 1000, 10);
  const reserved = totalReserved(concurrency);
  if (pool - reserved < LAMBDA_UNRESERVED_MINIMUM) {
    throw new Error(
      `Reserved concurrency of ${reserved} (${LONG_TASK_COUNT} long tasks, billing, catalog) would leave ${pool - reserved} of the account's ${pool} unreserved; Lambda keeps ${LAMBDA_UNRESERVED_MINIMUM}. ` +
        "Ask AWS to raise the account's concurrency (then -c accountConcurrency=<quota>), lower the reservations, or pass -c reservedConcurrency=false.",
    );
  }
  return { concurrency };
};

/** The operator's address for alarms from context, checked when set. */
const alarmEmailContext = (value: unknown): { alarmEmail?: string } => {
  if (value === undefined || value === null || value === '') return {};
  if (!EMAIL.test(String(value))) {
    throw new Error(`Context "alarmEmail" must be an e-mail address; got "${String(value)}".`);
  }
  return { alarmEmail: String(value) };
};

/** The buyers' OAuth client ids from context, each a non-empty string when set. */
const deployOAuthContext = (
  github: unknown,
  netlify: unknown,
): { deployOAuth?: { githubClientId?: string; netlifyClientId?: string } } => {
  if (github === undefined && netlify === undefined) return {};
  for (const [name, value] of [
    ['githubOAuthClientId', github],
    ['netlifyClientId', netlify],
  ] as const) {
    if (value !== undefined && (typeof value !== 'string' || value === '')) {
      throw new Error(`Context "${name}" must be an OAuth client id.`);
    }
  }
  return {
    deployOAuth: {
      ...(typeof github === 'string' ? { githubClientId: github } : {}),
      ...(typeof netlify === 'string' ? { netlifyClientId: netlify } : {}),
    },
  };
};

/** The GitHub App from context, checked: both or neither. */
const githubAppContext = (
  id: unknown,
  slug: unknown,
  clientId: unknown,
): { githubApp?: { id: number; slug: string; clientId?: string } } => {
  if (id === undefined && slug === undefined) return {};
  const appId = Number(id);
  if (!Number.isSafeInteger(appId) || appId <= 0 || typeof slug !== 'string' || !slug) {
    throw new Error(
      'Context "githubAppId" and "githubAppSlug" must be set together (123, my-app).',
    );
  }
  return {
    githubApp: {
      id: appId,
      slug,
      ...(typeof clientId === 'string' && clientId ? { clientId } : {}),
    },
  };
};

export interface CreateAppOptions {
  /** Extra context, e.g. `{ 'aws:cdk:bundling-stacks': [] }` in tests to skip esbuild. */
  readonly context?: Record<string, unknown>;
  readonly outdir?: string;
  /** @default `<repo>/frontend/dist` */
  readonly frontendDist?: string;
}

export const createApp = (
  options: CreateAppOptions = {},
): { app: App; stack: MarketplaceStack; settings: AppSettings; deployRole?: DeployRoleStack } => {
  const appProps: AppProps = {
    ...(options.context ? { context: options.context } : {}),
    ...(options.outdir ? { outdir: options.outdir } : {}),
  };
  const app = new App(appProps);
  const settings = readSettings(app);

  // No `env`: the stack is environment-agnostic, so `cdk synth` needs no account or region. With
  // a custom domain it is pinned to us-east-1, the only region CloudFront takes certificates
  // from, so the certificate stays in this one stack (no cross-region references).
  // The previews' own domain has its certificate in this stack too.
  const stack = new MarketplaceStack(app, `Marketplace-${settings.stage}`, {
    ...(settings.domain || settings.previewDomain
      ? { env: { region: 'us-east-1', account: process.env.CDK_DEFAULT_ACCOUNT } }
      : {}),
    description: `MVP marketplace (${settings.stage})`,
    retainData: settings.retainData,
    betaAccess: settings.betaAccess,
    launchAt: settings.launchAt,
    paymentsMode: settings.paymentsMode,
    stripePrices: settings.stripePrices,
    mail: settings.mail,
    ...(settings.githubApp ? { githubApp: settings.githubApp } : {}),
    ...(settings.deployOAuth ? { deployOAuth: settings.deployOAuth } : {}),
    ...(settings.alarmEmail ? { alarmEmail: settings.alarmEmail } : {}),
    ...(settings.domain ? { domain: settings.domain } : {}),
    ...(settings.waf ? { waf: settings.waf } : {}),
    threatProtection: settings.threatProtection,
    cognitoEmail: settings.cognitoEmail,
    ...(settings.concurrency ? { concurrency: settings.concurrency } : {}),
    passwordMinLength: settings.passwordMinLength,
    ...(settings.originVerifyVersion ? { originVerifyVersion: settings.originVerifyVersion } : {}),
    ...(settings.previewDomain ? { previewDomain: settings.previewDomain } : {}),
    previewPublicKeys: settings.previewPublicKeys,
    costCaps: settings.costCaps,
    ...(options.frontendDist ? { frontendDist: options.frontendDist } : {}),
  });

  const deployRole = settings.deployFrom
    ? new DeployRoleStack(app, `DeployRole-${settings.stage}`, {
        description: `GitHub Actions deploy role (${settings.stage})`,
        stage: settings.stage,
        githubRepo: settings.deployFrom.repo,
        ...(settings.deployFrom.oidcProviderArn
          ? { oidcProviderArn: settings.deployFrom.oidcProviderArn }
          : {}),
      })
    : undefined;

  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  return { app, stack, settings, ...(deployRole ? { deployRole } : {}) };
};
