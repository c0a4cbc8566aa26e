/**
 * The browser's single origin: CloudFront serves the SPA from a private site bucket, `/api/*` from
 * the HTTP API and `/previews/*` from the preview bucket (both buckets through Origin Access
 * Control), so the browser needs no CORS for the API. `config.json` is written at deploy time.
 * Every response carries the security headers of contract/design/web-security.ts, the same
 * the local server sends.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Annotations, Duration, SecretValue, Stack, Token, Validations } from 'aws-cdk-lib';
import type { Acknowledgment } from 'aws-cdk-lib';
import {
  AllowedMethods,
  type BehaviorOptions,
  CacheCookieBehavior,
  CachedMethods,
  CacheHeaderBehavior,
  CachePolicy,
  CacheQueryStringBehavior,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersFrameOption,
  HeadersReferrerPolicy,
  HttpVersion,
  OriginProtocolPolicy,
  OriginRequestPolicy,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import type { ICertificate } from 'aws-cdk-lib/aws-certificatemanager';
import { HttpOrigin, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { Bucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { ISource } from 'aws-cdk-lib/aws-s3-deployment';
import { Construct } from 'constructs';
import {
  BUNDLE_FILE_PATH_PATTERNS,
  PREVIEW_CONTENT_SECURITY_POLICY,
  siteContentSecurityPolicy,
  webSecurityHeaders,
} from '../../contract/design/web-security';
import { cdnCaching } from '../../contract/design/cdn-caching';
import { ORIGIN_VERIFY_HEADER, ORIGIN_VERIFY_KEYS } from '../../contract/design/origin-verify';
import { storageDesign } from '../../contract/design/storage-design';
import {
  checkSiteConfig,
  type PaymentsMode,
  type SiteConfig,
} from '../../contract/design/site-config';
import type { Data } from './data';
import { logicalIdOf, projectRoot } from './marketplace-function';
import {
  archiveReleaseAssets,
  releaseArchiveLifecycle,
  releaseAssetsBehaviour,
} from './web-releases';

/** `/config.json` (contract 5) as the cloud writes it. */
export type CloudSiteConfig = Readonly<SiteConfig & { mode: 'cloud'; userPoolEndpoint?: never }>;

export interface WebProps {
  readonly data: Data;
  /** The HTTP API's host name, the origin of `/api/*`. */
  readonly apiDomainName: string;
  /**
   * The secret whose `current` value CloudFront sends to the API in the origin header
   * (contract/design/origin-verify.ts), and the version to send; unset version: the current one
   * when the distribution last changed.
   */
  readonly originVerify: { readonly secret: ISecret; readonly versionId?: string };
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly betaAccess: boolean;
  readonly launchAt: string;
  readonly paymentsMode: PaymentsMode;
  /** The user pool's shortest password, told to the forms when it is not the product's 6. */
  readonly passwordMinLength?: number;
  /** @default `<repo>/frontend/dist` */
  readonly frontendDist?: string;
  /** The site's own name and its us-east-1 certificate; unset: the *.cloudfront.net name only. */
  readonly customDomain?: { readonly domainName: string; readonly certificate: ICertificate };
  /** The WAF web ACL (scope CLOUDFRONT) in front of the distribution; unset: none. */
  readonly webAclArn?: string;
  /** The live previews' origin (`https://…`), which the template page frames; unset: none. */
  readonly livePreviewsOrigin?: string;
}

/**
 * Any path without a file extension is a client-side route: serve `index.html`. Runs on the default
 * behaviour only, so `/api/*` errors and missing `/previews/*` keep their real status codes.
 */
const spaRewrite = `function handler(event) {
  var request = event.request;
  var last = request.uri.split('/').pop();
  if (last.indexOf('.') === -1) request.uri = '/index.html';
  return request;
}`;

/** The CDK enum member whose value is the design's string; a value CloudFront lacks fails synth. */
const enumMember = <T extends string>(members: Record<string, T>, value: string): T => {
  const member = Object.values(members).find((candidate) => candidate === value);
  if (member === undefined) throw new Error(`CloudFront has no header option "${value}".`);
  return member;
};

/**
 * A response headers policy from the shared design: the given CSP plus HSTS, nosniff, no framing,
 * the referrer policy and the permissions policy. `override` so that no origin (S3 object
 * metadata, an API answer) can weaken them.
 */
const securityHeadersPolicy = (
  scope: Construct,
  id: string,
  comment: string,
  contentSecurityPolicy: string,
): ResponseHeadersPolicy => {
  const { strictTransportSecurity: hsts } = webSecurityHeaders;
  return new ResponseHeadersPolicy(scope, id, {
    comment,
    securityHeadersBehavior: {
      contentSecurityPolicy: { contentSecurityPolicy, override: true },
      contentTypeOptions: { override: true },
      frameOptions: {
        frameOption: enumMember(HeadersFrameOption, webSecurityHeaders.frameOptions),
        override: true,
      },
      referrerPolicy: {
        referrerPolicy: enumMember(HeadersReferrerPolicy, webSecurityHeaders.referrerPolicy),
        override: true,
      },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
        includeSubdomains: hsts.includeSubdomains,
        preload: hsts.preload,
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: [
        {
          header: 'Permissions-Policy',
          value: webSecurityHeaders.permissionsPolicy,
          override: true,
        },
      ],
    },
  });
};

export class Web extends Construct {
  readonly siteBucket: Bucket;
  readonly distribution: Distribution;
  readonly siteConfig: CloudSiteConfig;

  constructor(scope: Construct, id: string, props: WebProps) {
    super(scope, id);
    const { data } = props;

    this.siteBucket = new Bucket(this, 'SiteBucket', {
      ...data.privateBucketDefaults('site/'),
      lifecycleRules: [releaseArchiveLifecycle],
    });

    const spaFunction = new CloudFrontFunction(this, 'SpaRewrite', {
      code: FunctionCode.fromInline(spaRewrite),
      runtime: FunctionRuntime.JS_2_0,
      comment: 'Serve index.html for client-side routes',
    });
    const headers = this.createHeaderPolicies(data, props.livePreviewsOrigin);
    const apiOrigin = new HttpOrigin(props.apiDomainName, {
      protocolPolicy: OriginProtocolPolicy.HTTPS_ONLY,
      // The API refuses a request without it (lambdas/shared/http/origin-verify.ts), so the
      // execute-api URL is no way around WAF and the per-client limits. A CloudFormation dynamic
      // reference: the value is resolved at deploy time and never written in the template.
      customHeaders: {
        [ORIGIN_VERIFY_HEADER]: SecretValue.secretsManager(props.originVerify.secret.secretArn, {
          jsonField: ORIGIN_VERIFY_KEYS.current,
          ...(props.originVerify.versionId ? { versionId: props.originVerify.versionId } : {}),
        }).unsafeUnwrap(),
      },
    });
    const publicApiBehaviours = this.createPublicApiBehaviours(apiOrigin, headers);

    this.distribution = new Distribution(this, 'Distribution', {
      comment: 'MVP marketplace: site, /api and /previews on one origin',
      defaultRootObject: 'index.html',
      ...(props.webAclArn ? { webAclId: props.webAclArn } : {}),
      httpVersion: HttpVersion.HTTP2_AND_3,
      enableLogging: true,
      logBucket: data.logBucket,
      logFilePrefix: 'cloudfront/',
      ...(props.customDomain
        ? {
            domainNames: [props.customDomain.domainName],
            certificate: props.customDomain.certificate,
            minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
          }
        : {}),
      defaultBehavior: {
        origin: S3BucketOrigin.withOriginAccessControl(this.siteBucket),
        viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
        responseHeadersPolicy: headers.site,
        functionAssociations: [
          { function: spaFunction, eventType: FunctionEventType.VIEWER_REQUEST },
        ],
      },
      additionalBehaviors: {
        // Before `/api/*`: CloudFront takes the first pattern that matches.
        ...publicApiBehaviours,
        ...releaseAssetsBehaviour(this.siteBucket, headers.site),
        '/api/*': {
          origin: apiOrigin,
          viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
          allowedMethods: AllowedMethods.ALLOW_ALL,
          // Answers depend on the caller's token and change with every write.
          cachePolicy: CachePolicy.CACHING_DISABLED,
          // API Gateway routes by its own Host header; everything else (Authorization, query) passes,
          // with CloudFront's own headers, among them CloudFront-Viewer-Address, which the
          // per-client limits key on (docs/operations.md, "Abuse protection").
          originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
          responseHeadersPolicy: headers.site,
        },
        [`/${storageDesign.previewPrefix}*`]: {
          // Keys start with `previews/`, so the request path maps to the object key unchanged.
          origin: S3BucketOrigin.withOriginAccessControl(data.previewImagesBucket),
          viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
          cachePolicy: CachePolicy.CACHING_OPTIMIZED,
          responseHeadersPolicy: headers.preview,
        },
      },
    });
    acknowledgeDistribution(this.distribution, {
      customDomain: props.customDomain !== undefined,
      waf: props.webAclArn !== undefined,
    });

    this.siteConfig = cloudSiteConfig(Stack.of(this), props);
    this.deploySite(props.frontendDist);
  }

  /** The two response headers policies: the site's (and the API's), and the preview images'. */
  private createHeaderPolicies(
    data: Data,
    livePreviews: string | undefined,
  ): {
    site: ResponseHeadersPolicy;
    preview: ResponseHeadersPolicy;
  } {
    // The site's scripts talk to their own origin, to Cognito (Amplify sign-in) and to the files
    // bucket (presigned uploads), and its template page frames live previews; the CSP allows
    // exactly these.
    const site = securityHeadersPolicy(
      this,
      'SiteHeaders',
      'Site and API: strict CSP, HSTS, nosniff, no framing (web-security.ts)',
      siteContentSecurityPolicy({
        cognito: `https://cognito-idp.${Stack.of(this).region}.amazonaws.com`,
        filesBucket: `https://${data.mvpFilesBucket.bucketRegionalDomainName}`,
        ...(livePreviews ? { livePreviews } : {}),
      }),
    );
    const preview = securityHeadersPolicy(
      this,
      'PreviewHeaders',
      'Seller preview images: sandboxing CSP, nosniff (web-security.ts)',
      PREVIEW_CONTENT_SECURITY_POLICY,
    );
    return { site, preview };
  }

  /**
   * The cached behaviours of anonymous browse and detail, one per path pattern of the design, and
   * before them those of the bundle's files (README images), which carry the preview policy.
   */
  private createPublicApiBehaviours(
    apiOrigin: HttpOrigin,
    headers: { site: ResponseHeadersPolicy; preview: ResponseHeadersPolicy },
  ): Record<string, BehaviorOptions> {
    // Anonymous browse and detail (design/cdn-caching.ts) are cached as long as the origin's
    // s-maxage says, keyed on the whole query string and on the Authorization header. The header
    // is in the key because CloudFront forwards it to an origin only then (an origin request
    // policy may not), and so that a signed-in request never shares an entry with anyone (its
    // answers say `private, no-store` and are not stored anyway). Minimum and default TTL 0: only
    // an answer that asks to be cached is, so the other routes under /api/mvps/* (downloads,
    // reviews, writes) pass through as before.
    const publicApiCache = new CachePolicy(this, 'PublicApiCache', {
      comment: 'Anonymous browse and detail: origin s-maxage, keyed on query and Authorization',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.seconds(cdnCaching.maxTtlSeconds),
      headerBehavior: CacheHeaderBehavior.allowList('Authorization'),
      queryStringBehavior: CacheQueryStringBehavior.all(),
      cookieBehavior: CacheCookieBehavior.none(),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
    });
    const behaviour = (responseHeadersPolicy: ResponseHeadersPolicy): BehaviorOptions => ({
      origin: apiOrigin,
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      // The same paths carry writes (POST /api/mvps, PATCH /api/mvps/{id}, …): all methods
      // pass, only GET and HEAD answers are ever cached.
      allowedMethods: AllowedMethods.ALLOW_ALL,
      cachedMethods: CachedMethods.CACHE_GET_HEAD,
      cachePolicy: publicApiCache,
      originRequestPolicy: OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy,
    });
    // An SVG from a bundle opened on its own must run nothing: the preview policy's sandbox, which
    // the site policy (override: true) would otherwise replace. First: CloudFront takes the first
    // pattern that matches, and `/api/mvps/*` matches these too.
    return Object.fromEntries([
      ...BUNDLE_FILE_PATH_PATTERNS.map((pattern) => [pattern, behaviour(headers.preview)]),
      ...cdnCaching.pathPatterns.map((pattern) => [pattern, behaviour(headers.site)]),
    ]);
  }

  /** The site build (when there is one) and `config.json`, into the site bucket. */
  private deploySite(frontendDist: string | undefined): void {
    const sources: ISource[] = [];
    const dist = frontendDist ?? path.join(projectRoot, 'frontend', 'dist');
    const built = existsSync(path.join(dist, 'index.html'));
    if (built) {
      sources.push(Source.asset(dist));
    } else {
      Annotations.of(this).addWarningV2(
        'marketplace:frontend-not-built',
        `No frontend build at ${dist}: only config.json is deployed. Run \`npm run build:web\` before \`cdk deploy\`.`,
      );
    }
    // Checked at synth: a deploy never ships a config.json the frontend would refuse at boot.
    sources.push(Source.jsonData('config.json', checkSiteConfig(this.siteConfig)));

    const deployment = new BucketDeployment(this, 'DeploySite', {
      sources,
      destinationBucket: this.siteBucket,
      distribution: this.distribution,
      distributionPaths: ['/*'],
      // The root holds the current release only; earlier releases' assets stay reachable through
      // the archive (web-releases.ts). Without a site build, keep what is there.
      prune: built,
      memoryLimit: 512,
    });
    acknowledgeDeploymentHandler(deployment, this.siteBucket);
    if (built) archiveReleaseAssets(this, dist, this.siteBucket);
  }
}

/** `/config.json` as this deployment writes it. */
const cloudSiteConfig = (stack: Stack, props: WebProps): CloudSiteConfig => ({
  mode: 'cloud',
  region: stack.region,
  userPoolId: props.userPool.userPoolId,
  userPoolClientId: props.webClient.userPoolClientId,
  apiBaseUrl: '/api',
  betaAccess: props.betaAccess,
  launchAt: props.launchAt,
  paymentsMode: props.paymentsMode,
  // Production's 8 (the contract's only other length); the product's 6 is said by its absence.
  ...(props.passwordMinLength === 8 ? { passwordMinLength: 8 as const } : {}),
});

/** The distribution's cdk-nag findings that are choices, not oversights. */
const acknowledgeDistribution = (
  distribution: Distribution,
  has: { customDomain: boolean; waf: boolean },
): void => {
  if (!has.waf) {
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR2',
      reason:
        'WAF is on for prod (-c waf=true elsewhere, a cost per web ACL and rule); without it API Gateway throttling, the per-client limits and Cognito limit abuse.',
    });
  }
  Validations.of(distribution).acknowledge({
    id: 'AwsSolutions-CFR1',
    reason: 'The marketplace sells worldwide; the product has no country restrictions.',
  });
  // With a custom domain the distribution's own certificate enforces TLS 1.2 (no finding).
  if (has.customDomain) return;
  Validations.of(distribution).acknowledge({
    id: 'AwsSolutions-CFR4',
    reason:
      'The distribution uses the default *.cloudfront.net certificate until a custom domain is configured; CloudFront then negotiates TLS 1.2+ through the security policy of the custom certificate.',
  });
};

/**
 * BucketDeployment runs a CDK-owned singleton Lambda whose role, policy and runtime we cannot set;
 * its findings are acknowledged on that singleton only, never stack-wide.
 */
const acknowledgeDeploymentHandler = (deployment: BucketDeployment, siteBucket: Bucket): void => {
  const handler = deployment.handlerRole.node.scope;
  if (!handler) return;
  const reason = (why: string): string => `CDK BucketDeployment handler (deploy-time only): ${why}`;
  const wildcard = (finding: string, why: string): Acknowledgment => ({
    id: `AwsSolutions-IAM5[${finding}]`,
    reason: reason(why),
  });
  Validations.of(handler).acknowledge(
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
      reason: reason('CDK attaches the basic execution policy to write its own logs.'),
    },
    {
      id: 'AwsSolutions-L1',
      reason: reason('CDK pins the Python runtime of its deployment handler.'),
    },
    ...['s3:GetObject*', 's3:GetBucket*', 's3:List*', 's3:DeleteObject*', 's3:Abort*'].map(
      (action) =>
        wildcard(
          `Action::${action}`,
          'CDK grants read on the asset and read/write on the site bucket to sync files.',
        ),
    ),
    wildcard(
      `Resource::<${logicalIdOf(siteBucket)}.Arn>/*`,
      'it replaces every object of the site bucket on deploy.',
    ),
    wildcard(
      `Resource::arn:<AWS::Partition>:s3:::cdk-hnb659fds-assets-${assetBucketSuffix(Stack.of(deployment))}/*`,
      'it reads the uploaded site build from the CDK bootstrap asset bucket.',
    ),
    wildcard(
      'Resource::*',
      'CloudFront CreateInvalidation/GetInvalidation have no resource-level scoping in CDK’s grant.',
    ),
  );
};

/** The asset bucket's account and region as cdk-nag prints them: a pinned stack's are literal. */
const assetBucketSuffix = (stack: Stack): string => {
  const part = (value: string, token: string): string =>
    Token.isUnresolved(value) ? `<${token}>` : value;
  return `${part(stack.account, 'AWS::AccountId')}-${part(stack.region, 'AWS::Region')}`;
};
