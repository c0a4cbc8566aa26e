/**
 * The custom domain: without `domainName` nothing changes; with it the stack is pinned to
 * us-east-1, holds the certificate, aliases the distribution with TLS 1.2, and links in e-mails
 * use the domain; with a hosted zone the certificate is DNS-validated there and A/AAAA aliases
 * point at the distribution. Malformed context fails the synth.
 */
import { Validations } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import type { IConstruct } from 'constructs';
import { describe, expect, it } from 'vitest';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { createApp } from '../../lib/stacks/create-app';
import { synthApp } from '../fixtures/synth';

const distributionConfig = (app: ReturnType<typeof synthApp>) =>
  (
    app.template.toJSON().Resources[logicalIdOf(app.stack.web.distribution)].Properties as {
      DistributionConfig: Record<string, unknown>;
    }
  ).DistributionConfig;

/** The rule ids acknowledged on one construct. */
const acknowledgedOn = (construct: IConstruct): string[] =>
  construct.node.metadata
    .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
    .flatMap((entry) => Object.keys(entry.data as Record<string, string>));

describe('custom domain', () => {
  it('has no certificate, alias or record without domainName', () => {
    const app = synthApp();
    app.template.resourceCountIs('AWS::CertificateManager::Certificate', 0);
    app.template.resourceCountIs('AWS::Route53::RecordSet', 0);
    expect(distributionConfig(app).Aliases).toBeUndefined();
    expect(app.stack.siteDomain).toBeUndefined();
    expect(acknowledgedOn(app.stack.web.distribution).join()).toContain('AwsSolutions-CFR4');
  });

  it('needs no CFR4 acknowledgement with its own certificate (the synth runs cdk-nag)', () => {
    const app = synthApp({ domainName: 'www.example.com' });
    expect(acknowledgedOn(app.stack.web.distribution).join()).not.toContain('CFR4');
    expect(acknowledgedOn(app.stack.web.distribution).join()).toContain('AwsSolutions-CFR1');
  });

  it('with domainName alone: us-east-1, a DNS-validated certificate, the alias, TLS 1.2, e-mail links on the domain', () => {
    const app = synthApp({ domainName: 'www.example.com' });
    expect(app.stack.region).toBe('us-east-1');
    app.template.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainName: 'www.example.com',
      ValidationMethod: 'DNS',
    });
    const config = distributionConfig(app);
    expect(config.Aliases).toEqual(['www.example.com']);
    expect(config.ViewerCertificate).toMatchObject({
      AcmCertificateArn: { Ref: logicalIdOf(app.stack.siteDomain!.certificate) },
      MinimumProtocolVersion: 'TLSv1.2_2021',
      SslSupportMethod: 'sni-only',
    });
    app.template.resourceCountIs('AWS::Route53::RecordSet', 0);
    app.template.hasOutput('SiteUrl', { Value: 'https://www.example.com' });
    const github = app.stack.api.functions.get('github')!;
    const variables = (
      app.template.toJSON().Resources[logicalIdOf(github)].Properties as {
        Environment: { Variables: Record<string, unknown> };
      }
    ).Environment.Variables;
    expect(variables.SITE_URL).toBe('https://www.example.com');
  });

  it('with a hosted zone: validation in the zone and A and AAAA aliases to the distribution', () => {
    const app = synthApp({
      domainName: 'www.example.com',
      hostedZoneId: 'Z0123456789ABC',
      hostedZoneName: 'example.com',
    });
    app.template.hasResourceProperties('AWS::CertificateManager::Certificate', {
      DomainValidationOptions: [{ DomainName: 'www.example.com', HostedZoneId: 'Z0123456789ABC' }],
    });
    for (const type of ['A', 'AAAA']) {
      app.template.hasResourceProperties('AWS::Route53::RecordSet', {
        Name: 'www.example.com.',
        Type: type,
        HostedZoneId: 'Z0123456789ABC',
        AliasTarget: Match.objectLike({
          DNSName: {
            'Fn::GetAtt': [logicalIdOf(app.stack.web.distribution), 'DomainName'],
          },
        }),
      });
    }
  });

  it('refuses a malformed domain, a zone id without a domain, and a domain outside its zone', () => {
    expect(() => createApp({ context: { domainName: 'https://example.com' } })).toThrow(
      /"domainName" must be a lower-case host name/,
    );
    expect(() => createApp({ context: { hostedZoneId: 'Z0123456789ABC' } })).toThrow(
      /"hostedZoneId" needs "domainName"/,
    );
    expect(() =>
      createApp({
        context: {
          domainName: 'www.example.com',
          hostedZoneId: 'Z0123456789ABC',
          hostedZoneName: 'example.org',
        },
      }),
    ).toThrow(/not inside the zone/);
  });
});
