/**
 * Releases keep earlier releases' hashed assets reachable (lib/constructs/web-releases.ts): the
 * site deployment holds the current release at the root, a second deployment copies `assets/`
 * under `releases/` without pruning, `/assets/*` falls back to that copy on 403/404, and a
 * lifecycle rule forgets copies 30 days after their last upload. Synthesised with a small
 * stand-in build, since the archive is only deployed with one.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../lib/stacks/create-app';
import type { MarketplaceStack } from '../../lib/stacks/marketplace-stack';
import { synthApp } from '../fixtures/synth';

let template: Template;
let stack: MarketplaceStack;

type Resource = { Properties: Record<string, unknown> };
const resources = (type: string) => Object.values(template.findResources(type)) as Resource[];

beforeAll(() => {
  const outdir = mkdtempSync(path.join(tmpdir(), 'infra-releases-'));
  const dist = path.join(outdir, 'dist');
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<script src="/assets/index-abc123.js"></script>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'export {};');
  const created = createApp({
    context: { 'aws:cdk:bundling-stacks': [] },
    outdir,
    frontendDist: dist,
  });
  // cdk-nag runs inside synth: the second deployment adds no unacknowledged finding.
  created.app.synth();
  stack = created.stack;
  template = Template.fromStack(stack);
}, 120_000);

describe('releases', () => {
  it('keeps the current release at the root and every release’s assets under releases/', () => {
    const deployments = resources('Custom::CDKBucketDeployment').map((r) => r.Properties);
    expect(deployments).toHaveLength(2);
    const site = deployments.find((d) => d.DestinationBucketKeyPrefix === undefined)!;
    const archive = deployments.find((d) => d.DestinationBucketKeyPrefix === 'releases/')!;
    expect(site.Prune).toBe(true);
    expect(archive).toMatchObject({ Prune: false, Exclude: ['*'], Include: ['assets/*'] });
  });

  it('expires archived assets 30 days after their last upload, and nothing else', () => {
    const siteBucketId = stack.getLogicalId(stack.web.siteBucket.node.defaultChild as never);
    const bucket = template.toJSON().Resources[siteBucketId] as Resource;
    expect(bucket.Properties.LifecycleConfiguration).toEqual({
      Rules: [
        {
          Id: 'expire-earlier-release-assets',
          Prefix: 'releases/',
          ExpirationInDays: 30,
          Status: 'Enabled',
        },
      ],
    });
  });

  it('serves /assets/* from the current release, falling back to the archive on 403/404', () => {
    const [distribution] = resources('AWS::CloudFront::Distribution');
    const config = distribution!.Properties.DistributionConfig as {
      CacheBehaviors: { PathPattern: string; TargetOriginId: string }[];
      OriginGroups: {
        Items: {
          Id: string;
          FailoverCriteria: { StatusCodes: { Items: number[] } };
          Members: { Items: { OriginId: string }[] };
        }[];
      };
      Origins: { Id: string; OriginPath?: string; DomainName: unknown }[];
    };
    const assets = config.CacheBehaviors.find((b) => b.PathPattern === '/assets/*')!;
    const group = config.OriginGroups.Items.find((g) => g.Id === assets.TargetOriginId)!;
    expect(group.FailoverCriteria.StatusCodes.Items.sort()).toEqual([403, 404]);
    const [primary, fallback] = group.Members.Items.map((member) =>
      config.Origins.find((origin) => origin.Id === member.OriginId)!,
    );
    expect(primary!.OriginPath ?? '').toBe('');
    expect(fallback!.OriginPath).toBe('/releases');
    const siteBucket = stack.getLogicalId(stack.web.siteBucket.node.defaultChild as never);
    expect(JSON.stringify(primary!.DomainName)).toContain(siteBucket);
    expect(JSON.stringify(fallback!.DomainName)).toContain(siteBucket);
  });

  it('deploys no archive without a site build (the suite’s usual synth)', () => {
    synthApp().template.resourceCountIs('Custom::CDKBucketDeployment', 1);
  });
});
