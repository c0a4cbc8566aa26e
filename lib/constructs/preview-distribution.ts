/**
 * The live previews' own CloudFront distribution (lib/constructs/version-builds.ts): the preview
 * bucket through origin access control (`sites/` only), every request signed (a trusted key
 * group; a signed address becomes cookies for its preview's folder), the preview headers of
 * contract/design/live-previews.ts, and no cookie, query string or header forwarded.
 */
import { Duration, Validations } from 'aws-cdk-lib';
import {
  CachePolicy,
  Distribution,
  Function as CloudFrontFunction,
  FunctionCode,
  FunctionEventType,
  FunctionRuntime,
  HeadersReferrerPolicy,
  HttpVersion,
  type KeyGroup,
  ResponseHeadersPolicy,
  SecurityPolicyProtocol,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import {
  livePreviewContentSecurityPolicy,
  PREVIEW_ROBOTS_TAG,
  previewLayout,
} from '../../contract/design/live-previews';
import { webSecurityHeaders } from '../../contract/design/web-security';
import { previewRewriteSource, previewSignedCookiesSource } from './preview-functions';
import type { SiteDomain } from './site-domain';

export interface PreviewDistributionProps {
  readonly bucket: IBucket;
  readonly keyGroup: KeyGroup;
  /** The marketplace's origins, the only pages that may frame a preview (empty: *.cloudfront.net). */
  readonly siteOrigins: readonly string[];
  /** Where CloudFront's access logs go (`cloudfront-previews/`). */
  readonly logBucket: IBucket;
  /** The previews' own domain and certificate; unset: CloudFront's name. */
  readonly domain?: SiteDomain;
}

/**
 * The previews' response headers: the strict CSP of contract/design/live-previews.ts (framed by
 * `frameAncestors` only), `X-Robots-Tag: noindex`, HSTS, nosniff, no referrer, the permissions
 * policy; `override` so that no object's metadata can weaken them.
 */
const previewHeadersPolicy = (
  scope: Construct,
  frameAncestors: readonly string[],
): ResponseHeadersPolicy => {
  const { strictTransportSecurity: hsts } = webSecurityHeaders;
  return new ResponseHeadersPolicy(scope, 'PreviewHeaders', {
    comment: 'Live previews: strict CSP, framed by the marketplace only, noindex, HSTS, nosniff',
    securityHeadersBehavior: {
      contentSecurityPolicy: {
        contentSecurityPolicy: livePreviewContentSecurityPolicy(frameAncestors),
        override: true,
      },
      contentTypeOptions: { override: true },
      referrerPolicy: { referrerPolicy: HeadersReferrerPolicy.NO_REFERRER, override: true },
      strictTransportSecurity: {
        accessControlMaxAge: Duration.seconds(hsts.maxAgeSeconds),
        includeSubdomains: hsts.includeSubdomains,
        preload: hsts.preload,
        override: true,
      },
    },
    customHeadersBehavior: {
      customHeaders: [
        { header: 'X-Robots-Tag', value: PREVIEW_ROBOTS_TAG, override: true },
        {
          header: 'Permissions-Policy',
          value: webSecurityHeaders.permissionsPolicy,
          override: true,
        },
      ],
    },
  });
};

/** The preview distribution: OAC, signed only, the preview headers, nothing forwarded. */
export const createPreviewDistribution = (
  scope: Construct,
  props: PreviewDistributionProps,
): Distribution => {
  const { domain } = props;
  const frameAncestors = props.siteOrigins.length
    ? props.siteOrigins
    : ['https://*.cloudfront.net'];
  const headers = previewHeadersPolicy(scope, frameAncestors);
  const distribution = new Distribution(scope, 'PreviewDistribution', {
    comment: 'MVP marketplace: live previews (signed, own domain)',
    httpVersion: HttpVersion.HTTP2_AND_3,
    enableLogging: true,
    logBucket: props.logBucket,
    logFilePrefix: 'cloudfront-previews/',
    ...(domain
      ? {
          domainNames: [domain.domainName],
          certificate: domain.certificate,
          minimumProtocolVersion: SecurityPolicyProtocol.TLS_V1_2_2021,
        }
      : {}),
    defaultBehavior: {
      // `/{template}/{version}/…` is `sites/{template}/{version}/…`: records stay unreachable.
      origin: S3BucketOrigin.withOriginAccessControl(props.bucket, {
        originPath: `/${previewLayout.sitesPrefix.replace(/\/$/, '')}`,
      }),
      viewerProtocolPolicy: ViewerProtocolPolicy.HTTPS_ONLY,
      // Neither cookies nor query strings nor headers reach S3 or the cache key: CloudFront
      // checks the signature itself.
      cachePolicy: CachePolicy.CACHING_OPTIMIZED,
      trustedKeyGroups: [props.keyGroup],
      responseHeadersPolicy: headers,
      functionAssociations: [
        {
          function: new CloudFrontFunction(scope, 'PreviewRewrite', {
            code: FunctionCode.fromInline(previewRewriteSource),
            runtime: FunctionRuntime.JS_2_0,
            comment: "A preview's folder and client-side routes serve its index.html",
          }),
          eventType: FunctionEventType.VIEWER_REQUEST,
        },
        {
          function: new CloudFrontFunction(scope, 'PreviewSignedCookies', {
            code: FunctionCode.fromInline(previewSignedCookiesSource),
            runtime: FunctionRuntime.JS_2_0,
            comment: "A signed preview address's signature as cookies for its folder",
          }),
          eventType: FunctionEventType.VIEWER_RESPONSE,
        },
      ],
    },
  });
  Validations.of(distribution).acknowledge(
    {
      id: 'AwsSolutions-CFR1',
      reason: 'Previews are shown to buyers worldwide; the product has no country restrictions.',
    },
    {
      id: 'AwsSolutions-CFR2',
      reason:
        'Every request must carry a valid CloudFront signature (trusted key group): an unsigned request is refused at the edge before any origin work; a web ACL would add cost for no more protection.',
    },
  );
  if (!domain) {
    Validations.of(distribution).acknowledge({
      id: 'AwsSolutions-CFR4',
      reason:
        'Without -c previewDomain the previews use the default *.cloudfront.net certificate; a custom preview domain brings its own certificate and the TLS 1.2 floor.',
    });
  }
  return distribution;
};
