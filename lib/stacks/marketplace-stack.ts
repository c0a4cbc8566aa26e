/**
 * The whole marketplace in one stack, composed of the Auth, Data, Api, Processing, Schedules,
 * Payouts, Newsletter and Web constructs, watched by Monitoring (a nested stack of alarms).
 *
 * Why one stack and not four: CloudFront's Origin Access Control writes the preview bucket's policy
 * with the distribution's ARN (web → data and data → web), and the web stack's config.json needs the
 * pool ids while the API needs the same pool: split stacks turn these into export/import cycles and
 * "export in use" deploy failures. Data safety, the usual reason to split, comes from the
 * `retainData` context flag instead (deletion protection and RETAIN on the pool, table and buckets).
 */
import { CfnOutput, Fn, Stack } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import type { Construct } from 'constructs';
import { DEFAULT_COST_CAPS, type CostCaps } from '../../contract/design/live-previews';
import type { PaymentsMode } from '../../contract/design/site-config';
import { Alerts } from '../constructs/alerts';
import { Api } from '../constructs/api';
import { Auth } from '../constructs/auth';
import { Data } from '../constructs/data';
import { Monitoring } from '../constructs/monitoring';
import { BuyerDeploy } from '../constructs/buyer-deploy';
import {
  LONG_TASKS,
  reserveConcurrency,
  type ConcurrencySettings,
} from '../constructs/concurrency';
import { GithubSync } from '../constructs/github-sync';
import { Newsletter } from '../constructs/newsletter';
import { Payouts } from '../constructs/payouts';
import { Processing } from '../constructs/processing';
import { Schedules } from '../constructs/schedules';
import { SignUpWaf } from '../constructs/sign-up-waf';
import { SiteDomain } from '../constructs/site-domain';
import { VersionBuilds } from '../constructs/version-builds';
import { WEB_ACL_METRIC_NAME, Waf } from '../constructs/waf';
import { Web } from '../constructs/web';

export interface MarketplaceStackProps extends StackProps {
  /** Keep user pool, table and buckets when the stack is deleted (and protect them from deletion). */
  readonly retainData: boolean;
  /** Beta access creates a short-lived account per visitor's press; off unless switched on. */
  readonly betaAccess: boolean;
  /** The launch moment shown by the frontend (ISO 8601). */
  readonly launchAt: string;
  readonly paymentsMode: PaymentsMode;
  /** Stripe price ids of the paid plans; a plan without one is not sold. */
  readonly stripePrices?: { basic?: string; pro?: string; premium?: string };
  /** @default `<repo>/frontend/dist` */
  readonly frontendDist?: string;
  /** Newsletter e-mail: sender, SES identity, send rate, and the links' base (custom domain). */
  readonly mail: { from: string; identity: string; sendRate: number; siteUrl?: string };
  /** The marketplace's GitHub App (context `githubAppId`, `githubAppSlug`); unset: not configured. */
  readonly githubApp?: { id: number; slug: string };
  /** The OAuth apps buyers deploy with (context `githubOAuthClientId`, `netlifyClientId`). */
  readonly deployOAuth?: { githubClientId?: string; netlifyClientId?: string };
  /** Who is e-mailed every alarm (context `alarmEmail`); unset: subscribe to the topic yourself. */
  readonly alarmEmail?: string;
  /**
   * The site's own domain (context `domainName`, `hostedZoneId`, `hostedZoneName`): certificate,
   * distribution alias and, with a zone, the DNS records. The stack must then be in us-east-1.
   */
  readonly domain?: { name: string; hostedZone?: { id: string; name: string } };
  /** WAF in front of CloudFront and on the user pool (context `waf`); unset: none. */
  readonly waf?: { rateLimit: number; signUpRateLimit: number; signUpTotalLimit: number };
  /** Who sends the user pool's e-mail: the stack's SES identity, or Cognito's own (50 a day). */
  readonly cognitoEmail?: 'ses' | 'cognito';
  /** Reserved concurrency per long workflow task, for billing and for catalog; unset: none. */
  readonly concurrency?: ConcurrencySettings;
  /** Cognito threat protection (context `threatProtection`). */
  readonly threatProtection?: boolean;
  /** The user pool's shortest password; @default the product's 6 */
  readonly passwordMinLength?: number;
  /** The origin header secret's version CloudFront sends (context `originVerifyVersion`). */
  readonly originVerifyVersion?: string;
  /** The live previews' own domain (context `previewDomain`); unset: CloudFront's name. */
  readonly previewDomain?: { name: string; hostedZone?: { id: string; name: string } };
  /** PEM public keys trusted for signed preview addresses (context `previewPublicKeys`). */
  readonly previewPublicKeys?: readonly string[];
  /** Build minutes and preview storage per seller and month; @default contract's defaults */
  readonly costCaps?: CostCaps;
}

/**
 * The API domains that send notification e-mails at once: those that call `notifyUser` (the
 * contact form's admins, a template approval's upgrade notices, a refund decision) and those that
 * call `sendQueuedEmails` after their own transaction (the Stripe webhook's receipts, dispute
 * steps). Every other notification is e-mailed by the schedule within a minute (a function
 * without the grant that tries anyway leaves the e-mail to the schedule too).
 */
export const NOTIFYING_DOMAINS = [
  'contact',
  'templates',
  'refunds',
  'billing',
  'disputes',
] as const;

export class MarketplaceStack extends Stack {
  readonly alerts: Alerts;
  readonly auth: Auth;
  readonly data: Data;
  readonly api: Api;
  readonly web: Web;
  readonly processing: Processing;
  readonly versionBuilds: VersionBuilds;
  readonly schedules: Schedules;
  readonly payouts: Payouts;
  readonly newsletter: Newsletter;
  readonly githubSync: GithubSync;
  readonly buyerDeploy: BuyerDeploy;
  /** The site's own domain and certificate; undefined: the *.cloudfront.net name only. */
  readonly siteDomain: SiteDomain | undefined;
  readonly monitoring: Monitoring;

  constructor(scope: Construct, id: string, props: MarketplaceStackProps) {
    super(scope, id, props);

    this.alerts = new Alerts(this, 'Alerts', {
      ...(props.alarmEmail ? { email: props.alarmEmail } : {}),
    });
    this.auth = this.createAuth(props);
    this.data = new Data(this, 'Data', { ...props, siteOrigins: siteOrigins(props) });
    this.api = new Api(this, 'Api', {
      data: this.data,
      userPool: this.auth.userPool,
      webClient: this.auth.webClient,
      betaAccess: props.betaAccess,
      ...(props.stripePrices ? { stripePrices: props.stripePrices } : {}),
    });
    // Every API function checks each request's origin header against this secret
    // (lambdas/shared/http/origin-verify.ts); CloudFront sends its current value (createSite).
    for (const fn of this.api.functions.values()) {
      this.api.secrets.grantTo(fn, ['originVerifyKey']);
    }
    const base = { data: this.data, userPool: this.auth.userPool, webClient: this.auth.webClient };
    this.versionBuilds = this.createVersionBuilds(props);
    this.processing = this.createProcessing(base);
    // The templates domain starts processing after an upload, a new version or a retry. A missing
    // function fails the synth loudly: a quietly skipped grant would deploy uploads that never
    // get processed.
    this.processing.allowStart(
      required(
        this.api.functions.get('templates'),
        'The templates function is missing: it must be allowed to start processing.',
      ),
    );
    this.serveBuildPictures();
    this.schedules = new Schedules(this, 'Schedules', { ...base, alerts: this.alerts });
    this.serveLivePreviews();
    this.payouts = new Payouts(this, 'Payouts', { ...base, secrets: this.api.secrets });
    // The monthlyPayouts schedule's task starts the run; like processing's, a missing function
    // fails the synth rather than deploying a schedule that cannot start anything.
    this.payouts.allowStart(
      required(
        this.schedules.functions.get('monthlyPayouts'),
        'The monthlyPayouts task is missing: it must be allowed to start payouts.',
      ),
    );
    this.newsletter = this.createNewsletter(props);
    this.githubSync = new GithubSync(this, 'GithubSync', {
      ...base,
      secrets: this.api.secrets,
      ...(props.githubApp ? { app: props.githubApp } : {}),
    });
    // The push webhook and the Sync button start syncs; a synced version starts processing.
    const githubFunction = required(
      this.api.functions.get('github'),
      'The github function is missing: it must be allowed to start syncs.',
    );
    this.githubSync.allowApi(githubFunction);
    this.processing.allowStart(this.githubSync.taskFunctions.RegisterVersionFunctionArn);
    this.buyerDeploy = new BuyerDeploy(this, 'BuyerDeploy', {
      ...base,
      vault: this.githubSync,
      ...(props.deployOAuth ? { oauth: props.deployOAuth } : {}),
    });
    // Deploy starts the repository step; the Netlify callback starts the site step.
    const deploymentsFunction = required(
      this.api.functions.get('deployments'),
      'The deployments function is missing: it must be allowed to start deploys.',
    );
    this.buyerDeploy.allowApi(deploymentsFunction);
    // A download of a version with known advisories tells its buyer (phase `advisories`).
    this.buyerDeploy.allowDownloads(
      required(
        this.api.functions.get('downloads'),
        'The downloads function is missing: it must be allowed to tell of advisories.',
      ),
    );
    const site = this.createSite(props, base);
    this.siteDomain = site.domain;
    this.web = site.web;

    // Links in e-mails point at the site (CloudFront serves the pages and forwards /api).
    const siteUrl = props.mail.siteUrl ?? this.siteAddress();
    this.newsletter.setSiteUrl(siteUrl);
    // The repository webhooks the github function creates point at the site's /api/webhooks/github.
    githubFunction.addEnvironment('SITE_URL', siteUrl);
    // The OAuth callbacks of buyer deploys return to the site's /buyer-*-callback pages.
    deploymentsFunction.addEnvironment('SITE_URL', siteUrl);

    // Last: it watches every construct above (docs/operations.md, Alarms).
    this.monitoring = this.createMonitoring(props);
    this.guardUserPoolEmail(props);
    this.reserveConcurrency(props.concurrency);
    this.addOutputs();
  }

  /** The dashboard and alarms over every construct above, the site's edge included. */
  private createMonitoring(props: MarketplaceStackProps): Monitoring {
    const { alerts, api, data, schedules, payouts, processing, newsletter, githubSync } = this;
    return new Monitoring(this, 'Monitoring', {
      ...{ alerts, api, data, schedules },
      workflows: { payouts, processing, newsletter, githubSync, buyerDeploy: this.buyerDeploy },
      builds: this.versionBuilds.project,
      edge: {
        distribution: this.web.distribution,
        ...(props.waf ? { webAclMetricName: WEB_ACL_METRIC_NAME } : {}),
      },
    });
  }

  /**
   * The builds' pictures: shown by the security function, added to a gallery by the sellers
   * function, which then asks for the new image's renditions (a processing run).
   */
  private serveBuildPictures(): void {
    const sellersFunction = required(
      this.api.functions.get('sellers'),
      'The sellers function is missing: it adds build pictures to galleries.',
    );
    this.versionBuilds.servePictures([
      required(
        this.api.functions.get('security'),
        'The security function is missing: it serves the build pictures.',
      ),
      sellersFunction,
    ]);
    this.processing.allowStart(sellersFunction);
  }

  /**
   * The live previews' functions: the security function signs the template page's preview
   * addresses, and the daily retirement tags archived templates' previews for removal.
   */
  private serveLivePreviews(): void {
    this.versionBuilds.serveSigning(
      required(
        this.api.functions.get('security'),
        'The security function is missing: it must sign live preview addresses.',
      ),
    );
    this.versionBuilds.serveRetirement(
      required(
        this.schedules.functions.get('retireArchivedPreviews'),
        'The retireArchivedPreviews task is missing: it must retire archived previews.',
      ),
    );
  }

  /** Version builds and live previews, in a nested stack of their own (version-builds.ts). */
  private createVersionBuilds(props: MarketplaceStackProps): VersionBuilds {
    return new VersionBuilds(this, 'VersionBuilds', {
      data: this.data,
      siteOrigins: siteOrigins(props),
      ...(props.previewDomain ? { previewDomain: props.previewDomain } : {}),
      publicKeyFiles: props.previewPublicKeys ?? [],
      costCaps: props.costCaps ?? DEFAULT_COST_CAPS,
    });
  }

  /** The processing pipeline, whose Build state runs the version builds' CodeBuild project. */
  private createProcessing(base: {
    data: Data;
    userPool: UserPool;
    webClient: UserPoolClient;
  }): Processing {
    const processing = new Processing(this, 'Processing', {
      ...base,
      buildProjectName: this.versionBuilds.project.projectName,
    });
    this.versionBuilds.serveProcessing(processing);
    return processing;
  }

  /** The user pool: prod's password length, and Cognito's e-mail through SES when set. */
  private createAuth(props: MarketplaceStackProps): Auth {
    return new Auth(this, 'Auth', {
      retainData: props.retainData,
      threatProtection: props.threatProtection ?? false,
      ...(props.passwordMinLength ? { passwordMinLength: props.passwordMinLength } : {}),
      ...(props.cognitoEmail === 'ses'
        ? { sesEmail: { from: props.mail.from, identity: props.mail.identity } }
        : {}),
    });
  }

  /**
   * The user pool's e-mail: sent from the newsletter's SES identity, which the pool names by ARN
   * (not by reference), so the identity is created first; and, with WAF, the operations that
   * send it limited by the pool's own web ACL. That web ACL and its association live in the
   * monitoring nested stack: the main stack is close to CloudFormation's 500 resources, and they
   * need only the pool's ARN.
   */
  private guardUserPoolEmail(props: MarketplaceStackProps): void {
    if (props.cognitoEmail === 'ses')
      this.auth.userPool.node.addDependency(this.newsletter.identity);
    if (!props.waf) return;
    new SignUpWaf(this.monitoring, 'SignUpWaf', {
      userPool: this.auth.userPool,
      perClientLimit: props.waf.signUpRateLimit,
      totalLimit: props.waf.signUpTotalLimit,
    });
  }

  /** Ceilings for the long workflow tasks, floors for billing and catalog (lib/constructs/concurrency.ts). */
  private reserveConcurrency(settings: ConcurrencySettings | undefined): void {
    if (!settings) return;
    const { buyerDeploy, processing, githubSync } = this;
    for (const name of LONG_TASKS.buyerDeploy) {
      reserveConcurrency(buyerDeploy.taskFunctions[name], settings.longTask);
    }
    for (const name of LONG_TASKS.processing) {
      reserveConcurrency(processing.taskFunctions[name], settings.longTask);
    }
    for (const name of LONG_TASKS.githubSync) {
      reserveConcurrency(githubSync.taskFunctions[name], settings.longTask);
    }
    for (const domain of ['billing', 'catalog'] as const) {
      const fn = required(
        this.api.functions.get(domain),
        `The ${domain} function is missing: it must get its reserved concurrency.`,
      );
      reserveConcurrency(fn, settings[domain]);
    }
  }

  /** The site: its own domain when configured, WAF when on, the distribution and its files. */
  private createSite(
    props: MarketplaceStackProps,
    base: { data: Data; userPool: UserPool; webClient: UserPoolClient },
  ): { domain: SiteDomain | undefined; web: Web } {
    const domain = props.domain
      ? new SiteDomain(this, 'SiteDomain', {
          domainName: props.domain.name,
          ...(props.domain.hostedZone ? { hostedZone: props.domain.hostedZone } : {}),
        })
      : undefined;
    const web = new Web(this, 'Web', {
      ...base,
      apiDomainName: this.api.domainName,
      originVerify: {
        secret: this.api.secrets.secrets.originVerifyKey,
        ...(props.originVerifyVersion ? { versionId: props.originVerifyVersion } : {}),
      },
      betaAccess: props.betaAccess,
      launchAt: props.launchAt,
      paymentsMode: props.paymentsMode,
      ...(props.passwordMinLength ? { passwordMinLength: props.passwordMinLength } : {}),
      ...(props.frontendDist ? { frontendDist: props.frontendDist } : {}),
      ...(domain ? { customDomain: domain } : {}),
      livePreviewsOrigin: this.versionBuilds.previewOrigin,
      ...(props.waf
        ? { webAclArn: new Waf(this, 'Waf', { rateLimit: props.waf.rateLimit }).webAcl.attrArn }
        : {}),
    });
    domain?.pointAt(web.distribution);
    return { domain, web };
  }

  /** The newsletter and every sender of e-mail: the admin's Send, notifications, lead capture. */
  private createNewsletter(props: MarketplaceStackProps): Newsletter {
    const newsletter = new Newsletter(this, 'Newsletter', {
      data: this.data,
      userPool: this.auth.userPool,
      webClient: this.auth.webClient,
      secrets: this.api.secrets,
      mailFrom: props.mail.from,
      mailIdentity: props.mail.identity,
      sendRate: props.mail.sendRate,
    });
    // The admin's Send starts the state machine; lead capture mails the double opt-in link.
    newsletter.allowStartAndSend(
      required(
        this.api.functions.get('newsletter'),
        'The newsletter function is missing: it must be allowed to send issues.',
      ),
    );
    // Notification e-mails: the schedule's task empties the outbox; the functions that notify
    // on their own (notifyUser) send at once, best effort. All sign one-click unsubscribe links.
    const notificationEmailsFunction = required(
      this.schedules.functions.get('notificationEmails'),
      'The notificationEmails task is missing: it must be allowed to send e-mail.',
    );
    for (const fn of [
      notificationEmailsFunction,
      ...NOTIFYING_DOMAINS.map((domain) => this.api.functions.get(domain)),
    ]) {
      if (!fn) continue;
      newsletter.allowSending(fn);
      this.api.secrets.grantTo(fn, ['newsletterSigningKey']);
    }
    return newsletter;
  }

  /** The site's address: its own domain when it has one, else CloudFront's name. */
  private siteAddress(): string {
    return `https://${this.siteDomain?.domainName ?? this.web.distribution.distributionDomainName}`;
  }

  /** What a deploy prints and scripts read: the site, the API, the stores and state machines. */
  private addOutputs(): void {
    const outputs: Record<string, string> = {
      AlarmTopicArn: this.alerts.topic.topicArn,
      SiteUrl: this.siteAddress(),
      ApiUrl: this.api.httpApi.apiEndpoint,
      UserPoolId: this.auth.userPool.userPoolId,
      UserPoolClientId: this.auth.webClient.userPoolClientId,
      TableName: this.data.table.tableName,
      MvpFilesBucketName: this.data.mvpFilesBucket.bucketName,
      PreviewImagesBucketName: this.data.previewImagesBucket.bucketName,
      SiteBucketName: this.web.siteBucket.bucketName,
      ProcessingStateMachineArn: this.processing.stateMachine.stateMachineArn,
      PayoutsStateMachineArn: this.payouts.stateMachine.stateMachineArn,
      NewsletterStateMachineArn: this.newsletter.stateMachine.stateMachineArn,
      GithubSyncStateMachineArn: this.githubSync.stateMachine.stateMachineArn,
      BuyerDeployStateMachineArn: this.buyerDeploy.stateMachine.stateMachineArn,
      MailIdentity: this.newsletter.identity.emailIdentityName,
      // Version builds and live previews (docs/operations.md, "Version builds and previews").
      VersionBuildProject: this.versionBuilds.project.projectName,
      VersionBuildLogGroup: this.versionBuilds.buildLogs.logGroupName,
      LivePreviewsUrl: this.versionBuilds.previewOrigin,
      LivePreviewsBucketName: this.versionBuilds.previewBucket.bucketName,
      PreviewSigningKeySecretArn: this.versionBuilds.signingKey.secretArn,
      PreviewPublicKeyIds: Fn.join(
        ',',
        this.versionBuilds.publicKeys.map((key) => key.publicKeyId),
      ),
    };
    for (const [name, value] of Object.entries(outputs)) new CfnOutput(this, name, { value });
  }
}

/**
 * The origins the browser uploads to the data buckets from: the site's own domain and the links'
 * base when they are known before the deploy. Without either (a stage on the *.cloudfront.net
 * name) there is none to name: the distribution's name cannot be used, since the distribution
 * takes the preview bucket as an origin and the bucket's CORS would then depend on it (a cycle).
 */
const siteOrigins = (props: MarketplaceStackProps): string[] => [
  ...new Set([
    ...(props.domain ? [`https://${props.domain.name}`] : []),
    ...(props.mail.siteUrl ? [props.mail.siteUrl] : []),
  ]),
];

/** A function the wiring cannot do without: its absence fails the synth, never a skipped grant. */
const required = <T>(fn: T | undefined, message: string): T => {
  if (!fn) throw new Error(message);
  return fn;
};
