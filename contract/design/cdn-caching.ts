/**
 * Which API answers CloudFront may share between visitors, and for how long: read by the catalog
 * handlers (the `Cache-Control` they send) and by the CDK web construct (the cache behaviours and
 * their cache policy). Imports nothing of ours.
 *
 * Why 30 seconds: browse and detail are the same for every anonymous visitor, so one origin answer
 * per query string per edge location every 30 s carries any number of visitors.
 * Thirty seconds is also the most a visitor waits to see a just-approved or just-archived
 * template, short next to the pipeline's own minutes and to the ten minutes counters may lag
 * anyway; a longer time saves little more, since the catalog Lambda answers from memory.
 */
export const cdnCaching = {
  /** CloudFront path patterns of the public browse (`GET /api/mvps`) and detail GETs. */
  pathPatterns: ['/api/mvps', '/api/mvps/*'],
  /** `s-maxage` of anonymous browse and detail answers. */
  sharedMaxAgeSeconds: 30,
  /** CloudFront's cap on any origin TTL on those paths: a wrong header cannot pin a page for long. */
  maxTtlSeconds: 300,
} as const;
