/**
 * Abuse protection and identity in the cloud: WAF in front of CloudFront (on for prod, managed
 * rule groups and a rate rule per IP, us-east-1 only), the SRP-only web client, optional TOTP MFA
 * without SMS, and Cognito threat protection on for prod.
 */
import { App, Stack } from 'aws-cdk-lib';
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSettings } from '../../lib/stacks/create-app';
import { authDesign } from '../../contract/design/auth-design';
import { COUNTED_BODY_RULES, Waf } from '../../lib/constructs/waf';
import { PROD_CONTEXT, synthApp, type SynthesisedApp } from '../fixtures/synth';

let dev: SynthesisedApp;
let prod: SynthesisedApp;

beforeAll(() => {
  dev = synthApp();
  prod = synthApp({ ...PROD_CONTEXT, wafRateLimit: 1500 });
});

const distributionConfig = (app: SynthesisedApp) => {
  const [distribution] = Object.values(app.template.findResources('AWS::CloudFront::Distribution'));
  return distribution!.Properties.DistributionConfig as Record<string, unknown>;
};

describe('WAF on CloudFront', () => {
  it('is off outside prod: no web ACL, none on the distribution', () => {
    dev.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
    expect(distributionConfig(dev).WebACLId).toBeUndefined();
  });

  it('guards prod with the managed rule groups and a rate rule per IP over 5 minutes', () => {
    prod.template.resourceCountIs('AWS::WAFv2::WebACL', 1);
    prod.template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'CLOUDFRONT',
      DefaultAction: { Allow: {} },
      Rules: Match.arrayWith([
        Match.objectLike({
          Name: 'RatePerClientIp',
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: { Limit: 1500, EvaluationWindowSec: 300, AggregateKeyType: 'IP' },
          },
        }),
        ...[
          'AWSManagedRulesCommonRuleSet',
          'AWSManagedRulesKnownBadInputsRuleSet',
          'AWSManagedRulesAmazonIpReputationList',
        ].map((name) =>
          Match.objectLike({
            Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
          }),
        ),
      ]),
    });
    const [aclId] = Object.keys(prod.template.findResources('AWS::WAFv2::WebACL'));
    expect(distributionConfig(prod).WebACLId).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
  });

  it("lets real webhook and markdown bodies through: the Common set's body rules count, and block only outside the API", () => {
    const [acl] = Object.values(prod.template.findResources('AWS::WAFv2::WebACL'));
    const rules = acl!.Properties.Rules as {
      Name: string;
      Action?: Record<string, unknown>;
      Statement: Record<string, unknown>;
    }[];
    const common = rules.find((rule) => rule.Name === 'AWSManagedRulesCommonRuleSet')!;
    expect(common.Statement).toMatchObject({
      ManagedRuleGroupStatement: {
        RuleActionOverrides: Object.keys(COUNTED_BODY_RULES).map((name) => ({
          Name: name,
          ActionToUse: { Count: {} },
        })),
      },
    });
    for (const [rule, label] of Object.entries(COUNTED_BODY_RULES)) {
      const blocking = rules.find((candidate) => candidate.Name === `${rule}OutsideApi`);
      expect(blocking, rule).toMatchObject({
        Action: { Block: {} },
        Statement: {
          AndStatement: {
            Statements: [
              { LabelMatchStatement: { Scope: 'LABEL', Key: label } },
              {
                NotStatement: {
                  Statement: {
                    ByteMatchStatement: {
                      FieldToMatch: { UriPath: {} },
                      PositionalConstraint: 'STARTS_WITH',
                      SearchString: '/api/',
                    },
                  },
                },
              },
            ],
          },
        },
      });
      // After the group that labels it.
      expect(rules.indexOf(blocking!)).toBeGreaterThan(rules.indexOf(common));
    }
  });

  it('logs what it blocks to an aws-waf-logs- group kept three months, without credentials', () => {
    const [groupId, group] = Object.entries(
      prod.template.findResources('AWS::Logs::LogGroup'),
    ).find(([, candidate]) =>
      JSON.stringify(candidate.Properties.LogGroupName ?? '').includes('aws-waf-logs-'),
    )!;
    expect(group.Properties.RetentionInDays).toBe(90);
    const [aclId] = Object.keys(prod.template.findResources('AWS::WAFv2::WebACL'));
    prod.template.hasResourceProperties('AWS::WAFv2::LoggingConfiguration', {
      ResourceArn: { 'Fn::GetAtt': [aclId, 'Arn'] },
      RedactedFields: [
        { SingleHeader: { Name: 'authorization' } },
        { SingleHeader: { Name: 'cookie' } },
      ],
    });
    // WAF refuses the log group's Arn attribute (it ends with ":*"): the ARN names the group.
    const [config] = Object.values(prod.template.findResources('AWS::WAFv2::LoggingConfiguration'));
    const destination = JSON.stringify(config!.Properties.LogDestinationConfigs);
    expect(destination).toContain(':log-group:');
    expect(destination).toContain(groupId);
    expect(destination).not.toContain('"Arn"');
    dev.template.resourceCountIs('AWS::WAFv2::LoggingConfiguration', 0);
  });

  it('makes CloudFormation refuse a deploy with WAF outside us-east-1', () => {
    // Prod has a domain, which pins the region; a stage with WAF and no domain has no region.
    const rules = synthApp({ waf: true }).template.toJSON().Rules as Record<
      string,
      { Assertions: unknown[] }
    >;
    expect(JSON.stringify(rules)).toContain('us-east-1');
    expect(JSON.stringify(rules)).toContain('AWS::Region');
  });

  it('fails synth for a known region other than us-east-1', () => {
    const stack = new Stack(new App(), 'Elsewhere', { env: { region: 'eu-west-1' } });
    expect(() => new Waf(stack, 'Waf', { rateLimit: 2000 })).toThrow(/us-east-1/);
  });

  it('reads waf and wafRateLimit from context, with defaults per stage', () => {
    const settings = (context: Record<string, unknown>) => readSettings(new App({ context }));
    expect(settings({}).waf).toBeUndefined();
    expect(settings(PROD_CONTEXT).waf).toMatchObject({ rateLimit: 2000 });
    expect(settings({ ...PROD_CONTEXT, waf: 'false' }).waf).toBeUndefined();
    expect(settings({ waf: 'true', wafRateLimit: '300' }).waf).toMatchObject({ rateLimit: 300 });
    expect(() => settings({ waf: true, wafRateLimit: 'lots' })).toThrow(/wafRateLimit/);
    expect(settings({}).threatProtection).toBe(false);
    expect(settings(PROD_CONTEXT).threatProtection).toBe(true);
  });
});

describe('Cognito in the cloud', () => {
  it('gives the web client SRP and refresh only, never USER_PASSWORD_AUTH', () => {
    for (const app of [dev, prod]) {
      const clients = Object.values(app.template.findResources('AWS::Cognito::UserPoolClient'));
      expect(clients).toHaveLength(1);
      const flows = clients[0]!.Properties.ExplicitAuthFlows as string[];
      expect([...flows].sort()).toEqual(['ALLOW_REFRESH_TOKEN_AUTH', 'ALLOW_USER_SRP_AUTH']);
    }
  });

  it('offers MFA as optional with an authenticator app only, no SMS: the design the local pool gets', () => {
    expect(authDesign.mfa).toBe('OPTIONAL');
    expect(authDesign.enabledMfas).toEqual(['SOFTWARE_TOKEN_MFA']);
    for (const app of [dev, prod]) {
      app.template.hasResourceProperties('AWS::Cognito::UserPool', {
        MfaConfiguration: authDesign.mfa,
        EnabledMfas: [...authDesign.enabledMfas],
      });
    }
  });

  it('requires an authenticator app of admins: every API function is told so, admin ones may ask Cognito', () => {
    const functions = Object.values(dev.template.findResources('AWS::Lambda::Function')).filter(
      (fn) => (fn.Properties.Environment?.Variables as Record<string, unknown>)?.TABLE_NAME,
    );
    expect(functions.length).toBeGreaterThan(5);
    for (const fn of functions) {
      expect(fn.Properties.Environment.Variables.MFA_REQUIRED_FOR_ADMINS).toBe('true');
    }
    const policies = JSON.stringify(dev.template.findResources('AWS::IAM::Policy'));
    expect(policies).toContain('cognito-idp:AdminGetUser');
  });

  it('turns on threat protection (Plus, enforced) for prod, Essentials elsewhere', () => {
    prod.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'PLUS',
      UserPoolAddOns: { AdvancedSecurityMode: 'ENFORCED' },
    });
    dev.template.hasResourceProperties('AWS::Cognito::UserPool', {
      UserPoolTier: 'ESSENTIALS',
      UserPoolAddOns: Match.absent(),
    });
  });
});
