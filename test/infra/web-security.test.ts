/**
 * CloudFront's response headers: the site and the API carry the strict CSP of
 * contract/design/web-security.ts with the stack's own Cognito endpoint and files bucket,
 * HSTS, nosniff, no framing, the referrer and permissions policies; the previews carry the
 * sandboxing CSP. Built from the same definition the local server sends.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  PREVIEW_CONTENT_SECURITY_POLICY,
  siteContentSecurityPolicy,
  webSecurityHeaders,
} from '../../contract/design/web-security';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { synthApp } from '../fixtures/synth';
import type { SynthesisedApp } from '../fixtures/synth';

interface HeadersPolicyConfig {
  Comment: string;
  SecurityHeadersConfig: {
    ContentSecurityPolicy: { ContentSecurityPolicy: unknown; Override: boolean };
    ContentTypeOptions: { Override: boolean };
    FrameOptions: { FrameOption: string; Override: boolean };
    ReferrerPolicy: { ReferrerPolicy: string; Override: boolean };
    StrictTransportSecurity: {
      AccessControlMaxAgeSec: number;
      IncludeSubdomains: boolean;
      Preload: boolean;
      Override: boolean;
    };
  };
  CustomHeadersConfig: { Items: { Header: string; Value: string; Override: boolean }[] };
}

/** A template value as text: `Fn::Join` joined, `Ref` and `Fn::GetAtt` as `${Name}` placeholders. */
const render = (value: unknown): string => {
  if (typeof value === 'string') return value;
  const node = value as Record<string, unknown>;
  if ('Fn::Join' in node) {
    const [separator, parts] = node['Fn::Join'] as [string, unknown[]];
    return parts.map(render).join(separator);
  }
  if ('Ref' in node) return `\${${String(node.Ref)}}`;
  if ('Fn::GetAtt' in node) return `\${${(node['Fn::GetAtt'] as string[]).join('.')}}`;
  throw new Error(`Unexpected template value ${JSON.stringify(value)}`);
};

let synthesised: SynthesisedApp;
let policies: Record<string, HeadersPolicyConfig>;

beforeAll(() => {
  synthesised = synthApp();
  policies = Object.fromEntries(
    Object.entries(
      synthesised.template.findResources('AWS::CloudFront::ResponseHeadersPolicy'),
    ).map(([id, resource]) => [
      id,
      (resource as { Properties: { ResponseHeadersPolicyConfig: HeadersPolicyConfig } }).Properties
        .ResponseHeadersPolicyConfig,
    ]),
  );
});

const policyWith = (comment: string): [string, HeadersPolicyConfig] => {
  const found = Object.entries(policies).find(([, config]) => config.Comment.startsWith(comment));
  if (!found) throw new Error(`No response headers policy "${comment}…"`);
  return found;
};

describe('CloudFront response headers policies', () => {
  it('gives the site and the API the strict CSP with this stack’s Cognito and files bucket', () => {
    const [, site] = policyWith('Site and API');
    const filesBucket = logicalIdOf(synthesised.stack.data.mvpFilesBucket);
    const csp = render(site.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy);
    // The template page frames live previews, from their own distribution only.
    const livePreviews = /frame-src (\S+);/.exec(csp)?.[1];
    expect(livePreviews).toMatch(
      /^https:\/\/\$\{VersionBuilds\w*\.Outputs\.\w*PreviewDistribution\w*DomainName\}$/,
    );
    expect(csp).toBe(
      siteContentSecurityPolicy({
        cognito: 'https://cognito-idp.${AWS::Region}.amazonaws.com',
        filesBucket: `https://\${${filesBucket}.RegionalDomainName}`,
        livePreviews: livePreviews!,
      }),
    );
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(site.SecurityHeadersConfig.ContentSecurityPolicy.Override).toBe(true);
  });

  it('sends HSTS, nosniff, DENY framing, the referrer and the permissions policy on both', () => {
    for (const [, config] of [policyWith('Site and API'), policyWith('Seller preview images')]) {
      expect(config.SecurityHeadersConfig).toMatchObject({
        ContentTypeOptions: { Override: true },
        FrameOptions: { FrameOption: 'DENY', Override: true },
        ReferrerPolicy: { ReferrerPolicy: 'strict-origin-when-cross-origin', Override: true },
        StrictTransportSecurity: {
          AccessControlMaxAgeSec: webSecurityHeaders.strictTransportSecurity.maxAgeSeconds,
          IncludeSubdomains: true,
          Preload: false,
          Override: true,
        },
      });
      expect(config.CustomHeadersConfig.Items).toEqual([
        {
          Header: 'Permissions-Policy',
          Value: webSecurityHeaders.permissionsPolicy,
          Override: true,
        },
      ]);
    }
  });

  it('sandboxes the preview images', () => {
    const [, previews] = policyWith('Seller preview images');
    expect(previews.SecurityHeadersConfig.ContentSecurityPolicy.ContentSecurityPolicy).toBe(
      PREVIEW_CONTENT_SECURITY_POLICY,
    );
    expect(PREVIEW_CONTENT_SECURITY_POLICY).toMatch(/(^|; )sandbox$/);
    expect(PREVIEW_CONTENT_SECURITY_POLICY).toContain("default-src 'none'");
  });

  it('attaches the site policy to the site and /api/*, the preview policy to /previews/* and bundle images', () => {
    const [siteId] = policyWith('Site and API');
    const [previewId] = policyWith('Seller preview images');
    const [distribution] = Object.values(
      synthesised.template.findResources('AWS::CloudFront::Distribution'),
    ) as { Properties: { DistributionConfig: Record<string, unknown> } }[];
    const config = distribution!.Properties.DistributionConfig as {
      DefaultCacheBehavior: { ResponseHeadersPolicyId: unknown };
      CacheBehaviors: { PathPattern: string; ResponseHeadersPolicyId: unknown }[];
    };
    const policyOf = (pattern: string) =>
      config.CacheBehaviors.find((behaviour) => behaviour.PathPattern === pattern)
        ?.ResponseHeadersPolicyId;
    expect(config.DefaultCacheBehavior.ResponseHeadersPolicyId).toEqual({ Ref: siteId });
    expect(policyOf('/api/*')).toEqual({ Ref: siteId });
    expect(policyOf('/previews/*')).toEqual({ Ref: previewId });
    // A README's images come from the seller's bundle, possibly SVG: sandboxed as previews are,
    // in a behaviour placed before `/api/mvps/*`, which would match them too.
    expect(policyOf('/api/mvps/*/files/image')).toEqual({ Ref: previewId });
    const patterns = config.CacheBehaviors.map((behaviour) => behaviour.PathPattern);
    expect(patterns.indexOf('/api/mvps/*/files/image')).toBeLessThan(
      patterns.indexOf('/api/mvps/*'),
    );
  });
});
