/**
 * Releases that do not break open tabs (docs/operations.md, "Releases"). Every page but home is a
 * lazy chunk under `assets/<name>-<hash>.js`; a tab opened before a release asks for the chunks of
 * its own release when the visitor navigates. So:
 *
 * - the site deployment keeps only the current release at the bucket's root (`prune`: the root is
 *   exactly what the build holds, config.json included);
 * - a second deployment copies the release's `assets/` under `releases/assets/`, never pruned: a
 *   superset of every release's hashed files;
 * - `/assets/*` is served by an origin group: the current release first, and on 403/404 (S3
 *   answers 403 for a missing key without ListBucket) the copy under `releases/`;
 * - a lifecycle rule expires `releases/` objects 30 days after they were last uploaded. The
 *   deployment handler extracts the build afresh on every run, so `aws s3 sync` sees every file
 *   as newer and uploads the release's whole `assets/` again: a file stays at least 30 days after
 *   the last release that carried it. An S3 rule cannot know which files an open tab references;
 *   "uploaded by a release in the last 30 days" is the measure instead.
 *
 * A tab older than that still recovers: the frontend reloads once on a failed chunk load.
 */
import { Duration } from 'aws-cdk-lib';
import {
  type BehaviorOptions,
  CachePolicy,
  type ResponseHeadersPolicy,
  ViewerProtocolPolicy,
} from 'aws-cdk-lib/aws-cloudfront';
import { OriginGroup, S3BucketOrigin } from 'aws-cdk-lib/aws-cloudfront-origins';
import type { Bucket, LifecycleRule } from 'aws-cdk-lib/aws-s3';
import { BucketDeployment, Source } from 'aws-cdk-lib/aws-s3-deployment';
import type { Construct } from 'constructs';

/** Where earlier releases' hashed assets are kept, and for how long after their last upload. */
export const releaseArchive = {
  prefix: 'releases/',
  assetsPattern: '/assets/*',
  keepDays: 30,
} as const;

/** The site bucket's rule that forgets archived assets no release uploaded for `keepDays`. */
export const releaseArchiveLifecycle: LifecycleRule = {
  id: 'expire-earlier-release-assets',
  prefix: releaseArchive.prefix,
  expiration: Duration.days(releaseArchive.keepDays),
};

/** `/assets/*`: the current release, then the archive of earlier ones. Hashed names: cached long. */
export const releaseAssetsBehaviour = (
  siteBucket: Bucket,
  responseHeadersPolicy: ResponseHeadersPolicy,
): Record<string, BehaviorOptions> => ({
  [releaseArchive.assetsPattern]: {
    origin: new OriginGroup({
      primaryOrigin: S3BucketOrigin.withOriginAccessControl(siteBucket),
      fallbackOrigin: S3BucketOrigin.withOriginAccessControl(siteBucket, {
        originPath: `/${releaseArchive.prefix.replace(/\/$/, '')}`,
      }),
      fallbackStatusCodes: [403, 404],
    }),
    viewerProtocolPolicy: ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
    cachePolicy: CachePolicy.CACHING_OPTIMIZED,
    responseHeadersPolicy,
  },
});

/** The release's `assets/` copied under `releases/`, never pruned (only the lifecycle forgets). */
export const archiveReleaseAssets = (
  scope: Construct,
  dist: string,
  siteBucket: Bucket,
): BucketDeployment =>
  new BucketDeployment(scope, 'ArchiveReleaseAssets', {
    sources: [Source.asset(dist)],
    destinationBucket: siteBucket,
    destinationKeyPrefix: releaseArchive.prefix,
    // Only the hashed files: index.html and config.json are the current release's alone.
    exclude: ['*'],
    include: ['assets/*'],
    prune: false,
    memoryLimit: 512,
  });
