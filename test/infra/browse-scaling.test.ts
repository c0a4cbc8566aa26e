/**
 * Browse at scale as deployed: CloudFront caches anonymous browse and detail
 * as the origin's `s-maxage` says, never a signed-in answer, and passes every other request under
 * /api/mvps through; the snapshot task runs on its schedule with only the grants it needs; the
 * catalog function has the memory the benchmark asks for.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { domainMemory } from '../../lib/constructs/api';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { cdnCaching } from '../../contract/design/cdn-caching';
import { schedules } from '../../contract/design/schedules';
import { synthApp, type SynthesisedApp } from '../fixtures/synth';

type Resources = Record<string, { Properties: Record<string, unknown> }>;

let app: SynthesisedApp;
beforeAll(() => {
  app = synthApp();
});

const resources = (type: string): Resources => app.template.findResources(type) as Resources;

interface Behaviour {
  PathPattern: string;
  TargetOriginId: string;
  AllowedMethods: string[];
  CachedMethods: string[];
  CachePolicyId: unknown;
  OriginRequestPolicyId: unknown;
}

const behaviours = (): Behaviour[] => {
  const [distribution] = Object.values(resources('AWS::CloudFront::Distribution'));
  return (distribution?.Properties.DistributionConfig as { CacheBehaviors: Behaviour[] })
    .CacheBehaviors;
};
const behaviour = (pattern: string): Behaviour => {
  const found = behaviours().find((candidate) => candidate.PathPattern === pattern);
  expect(found, pattern).toBeDefined();
  return found!;
};

describe('CloudFront in front of browse and detail', () => {
  it('has a behaviour for /api/mvps and /api/mvps/*, before /api/*, on the same API origin', () => {
    const patterns = behaviours().map((candidate) => candidate.PathPattern);
    expect(cdnCaching.pathPatterns).toEqual(['/api/mvps', '/api/mvps/*']);
    for (const pattern of cdnCaching.pathPatterns) {
      expect(patterns.indexOf(pattern)).toBeLessThan(patterns.indexOf('/api/*'));
      expect(behaviour(pattern).TargetOriginId).toBe(behaviour('/api/*').TargetOriginId);
    }
  });

  it('keeps every method working (writes share these paths) and caches only GET and HEAD', () => {
    for (const pattern of cdnCaching.pathPatterns) {
      expect(behaviour(pattern)).toMatchObject({
        AllowedMethods: ['GET', 'HEAD', 'OPTIONS', 'PUT', 'PATCH', 'POST', 'DELETE'],
        CachedMethods: ['GET', 'HEAD'],
        OriginRequestPolicyId: 'b689b0a8-53d0-40ab-baf2-68738e2966ac', // AllViewerExceptHostHeader
      });
    }
  });

  it('keys the cache on every query string and on Authorization, and honours the origin', () => {
    const policyRef = behaviour('/api/mvps').CachePolicyId as { Ref: string };
    expect(behaviour('/api/mvps/*').CachePolicyId).toEqual(policyRef);
    const policy = resources('AWS::CloudFront::CachePolicy')[policyRef.Ref]?.Properties
      .CachePolicyConfig as Record<string, unknown>;
    expect(policy).toMatchObject({
      // Nothing without an explicit s-maxage is cached; nothing for longer than the cap.
      MinTTL: 0,
      DefaultTTL: 0,
      MaxTTL: cdnCaching.maxTtlSeconds,
      ParametersInCacheKeyAndForwardedToOrigin: {
        // Authorization in the key: forwarded to the API, and never a shared signed-in entry.
        HeadersConfig: { HeaderBehavior: 'whitelist', Headers: ['Authorization'] },
        QueryStringsConfig: { QueryStringBehavior: 'all' },
        CookiesConfig: { CookieBehavior: 'none' },
        EnableAcceptEncodingGzip: true,
        EnableAcceptEncodingBrotli: true,
      },
    });
    expect(cdnCaching.sharedMaxAgeSeconds).toBeLessThanOrEqual(cdnCaching.maxTtlSeconds);
  });

  it('leaves the rest of the API uncached', () => {
    expect(behaviour('/api/*').CachePolicyId).toBe('4135ea2d-6df8-44a3-9df3-4b5a84be39ad');
  });
});

describe('the catalog snapshot task', () => {
  const taskFunction = () => app.stack.schedules.functions.get('catalogSnapshot');

  it('runs on the schedule of the shared design, targeting its own function', () => {
    const fn = taskFunction();
    expect(fn?.entryPath).toMatch(/lambdas\/catalog\/tasks\/publish-catalog-snapshot\.ts$/);
    const rules = Object.values(resources('AWS::Scheduler::Schedule'));
    expect(rules).toHaveLength(Object.keys(schedules).length);
    const arn = { 'Fn::GetAtt': [logicalIdOf(fn!), 'Arn'] };
    // Other schedules (the beta cleanup) have schedules of their own.
    const rule = rules.find((candidate) =>
      JSON.stringify(candidate.Properties.Target).includes(JSON.stringify(arn)),
    );
    expect(rule?.Properties).toMatchObject({
      ScheduleExpression: 'cron(0/5 * * * ? *)',
      Target: expect.objectContaining({
        Arn: { 'Fn::GetAtt': [logicalIdOf(fn!), 'Arn'] },
        RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 3 },
      }),
    });
  });

  it('reads the table and writes objects under catalog/ only', () => {
    const roleId = logicalIdOf(taskFunction()!.executionRole);
    const statements = Object.values(resources('AWS::IAM::Policy'))
      .filter((policy) =>
        (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
      )
      .flatMap(
        (policy) =>
          (policy.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }).Statement,
      );
    const text = JSON.stringify(statements);
    expect(text).toContain('dynamodb:Query');
    expect(text).not.toMatch(/dynamodb:(PutItem|UpdateItem|DeleteItem|BatchWriteItem)/);
    const s3 = statements.filter((statement) => JSON.stringify(statement.Action).includes('s3:'));
    expect(s3).toHaveLength(1);
    expect(s3[0]?.Action).toEqual(['s3:PutObject', 's3:DeleteObject']);
    expect(JSON.stringify(s3[0]?.Resource)).toContain('"/catalog/*"');
  });
});

describe('the catalog function', () => {
  it('has the memory the browse benchmark asks for', () => {
    const fn = app.stack.api.functions.get('catalog')!;
    const props = resources('AWS::Lambda::Function')[logicalIdOf(fn)]?.Properties;
    expect(props?.MemorySize).toBe(domainMemory.catalog);
  });
});
