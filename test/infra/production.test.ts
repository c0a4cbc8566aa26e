/**
 * What production needs beyond the other stages, read from the synthesised template: an 8-character
 * password floor (the local stack and dev keep the product's 6), refusal to synthesise without an
 * alarm address or a domain or with an example.com address, the TLS 1.2 floor, a web client with no
 * OAuth flow, upload CORS limited to the site's origin, and API access logs a runbook can use.
 */
import { App } from 'aws-cdk-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { authDesign } from '../../contract/design/auth-design';
import { API_ACCESS_LOG_FIELDS } from '../../lib/constructs/api';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { readSettings } from '../../lib/stacks/create-app';
import { PROD_CONTEXT, synthApp, type SynthesisedApp } from '../fixtures/synth';

let dev: SynthesisedApp;
let prod: SynthesisedApp;

beforeAll(() => {
  dev = synthApp();
  prod = synthApp(PROD_CONTEXT);
});

const properties = (app: SynthesisedApp, type: string): Record<string, unknown>[] =>
  Object.values(app.template.findResources(type)).map(
    (resource) => resource.Properties as Record<string, unknown>,
  );

const settings = (context: Record<string, unknown>) => readSettings(new App({ context }));

describe('production settings', () => {
  it('asks prod for 8-character passwords; dev keeps the product’s 6', () => {
    expect(authDesign.productionPasswordMinLength).toBe(8);
    const minimum = (app: SynthesisedApp) =>
      (
        properties(app, 'AWS::Cognito::UserPool')[0]!['Policies'] as {
          PasswordPolicy: { MinimumLength: number };
        }
      ).PasswordPolicy.MinimumLength;
    expect(minimum(prod)).toBe(8);
    expect(minimum(dev)).toBe(authDesign.passwordMinLength);
    expect(authDesign.passwordMinLength).toBe(6);
    // The forms check and say the pool's length: config.json tells them prod's 8, nothing in dev.
    expect(prod.stack.web.siteConfig.passwordMinLength).toBe(8);
    expect(dev.stack.web.siteConfig.passwordMinLength).toBeUndefined();
  });

  it('refuses to synthesise prod without alarmEmail or domainName', () => {
    const { alarmEmail: _alarm, ...withoutAlarm } = PROD_CONTEXT;
    expect(() => settings(withoutAlarm)).toThrow(/"prod" needs context "alarmEmail"/);
    const { domainName: _domain, ...withoutDomain } = PROD_CONTEXT;
    expect(() => settings(withoutDomain)).toThrow(/"prod" needs context "domainName"/);
    expect(() => settings(PROD_CONTEXT)).not.toThrow();
  });

  it('refuses example.com addresses in prod, the default sender among them', () => {
    const { mailFrom: _from, ...defaultSender } = PROD_CONTEXT;
    expect(() => settings(defaultSender)).toThrow(/"mailFrom" at a reserved example domain/);
    for (const [key, value] of [
      ['mailFrom', 'news@example.com'],
      ['alarmEmail', 'ops@mail.example.org'],
      ['domainName', 'www.example.net'],
      ['siteUrl', 'https://shop.example.com'],
      ['alarmEmail', 'ops@marketplace.test'],
    ] as const) {
      expect(() => settings({ ...PROD_CONTEXT, [key]: value }), key).toThrow(
        new RegExp(`"${key}" at a reserved example domain`),
      );
    }
    // Other stages may keep the documentation's addresses.
    expect(() => settings({ stage: 'dev', mailFrom: 'news@example.com' })).not.toThrow();
  });

  it('serves prod with TLS 1.2 at least (its own certificate, never the default one)', () => {
    const config = properties(prod, 'AWS::CloudFront::Distribution')[0]!['DistributionConfig'] as {
      ViewerCertificate?: {
        MinimumProtocolVersion?: string;
        CloudFrontDefaultCertificate?: boolean;
      };
    };
    expect(config.ViewerCertificate?.MinimumProtocolVersion).toBe('TLSv1.2_2021');
    expect(config.ViewerCertificate?.CloudFrontDefaultCertificate).toBeUndefined();
  });

  it('gives the web client no OAuth flow, scope or callback (the site signs in by SRP)', () => {
    for (const app of [dev, prod]) {
      const [client] = properties(app, 'AWS::Cognito::UserPoolClient');
      expect(client!['AllowedOAuthFlowsUserPoolClient']).toBe(false);
      expect(client!['AllowedOAuthFlows']).toBeUndefined();
      expect(client!['AllowedOAuthScopes']).toBeUndefined();
      expect(client!['CallbackURLs']).toBeUndefined();
      expect(JSON.stringify(client)).not.toContain('example.com');
    }
  });

  it('lets the browser upload to the data buckets from the site’s origin only in prod', () => {
    const { data } = prod.stack;
    const buckets = prod.template.findResources('AWS::S3::Bucket');
    for (const bucket of [data.mvpFilesBucket, data.previewImagesBucket]) {
      const cors = buckets[logicalIdOf(bucket)]!.Properties['CorsConfiguration'] as {
        CorsRules: { AllowedOrigins: string[] }[];
      };
      expect(cors.CorsRules.map((rule) => rule.AllowedOrigins)).toEqual([
        [`https://${PROD_CONTEXT.domainName}`],
      ]);
    }
    // A stage on CloudFront's generated name has no origin the buckets can name (see Data).
    expect(JSON.stringify(dev.template.findResources('AWS::S3::Bucket'))).toContain('"*"');
  });

  it('logs each API request with its route key, latencies and integration error', () => {
    const [stage] = properties(prod, 'AWS::ApiGatewayV2::Stage');
    const format = (stage!['AccessLogSettings'] as { Format?: string }).Format;
    expect(format).toBeDefined();
    const fields = JSON.parse(format!) as Record<string, string>;
    expect(fields).toEqual(API_ACCESS_LOG_FIELDS);
    expect(Object.values(fields)).toEqual(
      expect.arrayContaining([
        '$context.requestId',
        '$context.routeKey',
        '$context.status',
        '$context.responseLatency',
        '$context.integrationLatency',
        '$context.integrationErrorMessage',
      ]),
    );
  });
});
