/**
 * The user pool's e-mail and who may make it send: codes and password resets go through the
 * stack's SES identity from the configured sender (Cognito's own e-mail stops at 50 a day), and
 * the operations that send one (sign-up, a new code, a password reset) are limited per client IP
 * and in total by a web ACL on the pool, in the monitoring nested stack.
 */
import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_SENDING_OPERATIONS } from '../../lib/constructs/sign-up-waf';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { readSettings } from '../../lib/stacks/create-app';
import { PROD_CONTEXT, synthApp, type SynthesisedApp } from '../fixtures/synth';

let dev: SynthesisedApp;
let prod: SynthesisedApp;
let prodNested: Template;

beforeAll(() => {
  dev = synthApp();
  prod = synthApp(PROD_CONTEXT);
  prodNested = Template.fromStack(prod.stack.monitoring);
});

type Resource = { Properties: Record<string, unknown>; DependsOn?: string[] };

const userPool = (app: SynthesisedApp): Resource => {
  const pools = Object.values(app.template.findResources('AWS::Cognito::UserPool'));
  expect(pools).toHaveLength(1);
  return pools[0] as Resource;
};

const settings = (context: Record<string, unknown>) => readSettings(new App({ context }));

describe('the user pool’s e-mail', () => {
  it('goes through the stack’s SES identity from the configured sender in prod', () => {
    const pool = userPool(prod);
    expect(pool.Properties['EmailConfiguration']).toMatchObject({
      EmailSendingAccount: 'DEVELOPER',
      From: PROD_CONTEXT.mailFrom,
    });
    const sourceArn = JSON.stringify(
      (pool.Properties['EmailConfiguration'] as { SourceArn: unknown }).SourceArn,
    );
    // The identity is the sender's domain, the one the stack creates and DKIM verifies.
    expect(sourceArn).toContain(':ses:');
    expect(sourceArn).toContain(':identity/mvp-marketplace.dev');
    prod.template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mvp-marketplace.dev',
    });
    // Named by ARN, so created first by an explicit dependency.
    expect(pool.DependsOn).toContain(logicalIdOf(prod.stack.newsletter.identity));
  });

  it('stays Cognito’s own for a sender at an example domain, which SES could never verify', () => {
    const configuration = userPool(dev).Properties['EmailConfiguration'] as
      { EmailSendingAccount?: string } | undefined;
    expect(configuration?.EmailSendingAccount ?? 'COGNITO_DEFAULT').toBe('COGNITO_DEFAULT');
  });

  it('reads cognitoEmail from context: ses for a real sender, cognito for an example one', () => {
    expect(settings(PROD_CONTEXT).cognitoEmail).toBe('ses');
    expect(settings({}).cognitoEmail).toBe('cognito');
    expect(settings({ mailFrom: 'news@mvp-marketplace.dev' }).cognitoEmail).toBe('ses');
    // The first deploy of a stage whose identity SES has not verified yet.
    expect(settings({ ...PROD_CONTEXT, cognitoEmail: 'cognito' }).cognitoEmail).toBe('cognito');
    expect(() => settings({ cognitoEmail: 'smtp' })).toThrow(/"cognitoEmail" must be ses or/);
  });
});

describe('sign-up, new codes and password resets', () => {
  interface RateRule {
    Name: string;
    Action: unknown;
    Statement: {
      RateBasedStatement: {
        Limit: number;
        EvaluationWindowSec: number;
        AggregateKeyType: string;
        ScopeDownStatement: unknown;
      };
    };
  }

  it('are limited per client IP and in total by a web ACL on the user pool', () => {
    const acls = Object.values(prodNested.findResources('AWS::WAFv2::WebACL'));
    expect(acls).toHaveLength(1);
    const acl = acls[0] as Resource;
    expect(acl.Properties['Scope']).toBe('REGIONAL');
    const rules = acl.Properties['Rules'] as RateRule[];
    const byName = Object.fromEntries(rules.map((rule) => [rule.Name, rule]));
    expect(byName['EmailSendingPerClientIp']?.Statement.RateBasedStatement).toMatchObject({
      Limit: 20,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'IP',
    });
    expect(byName['EmailSendingTotal']?.Statement.RateBasedStatement).toMatchObject({
      Limit: 500,
      EvaluationWindowSec: 300,
      AggregateKeyType: 'CONSTANT',
    });
    for (const rule of rules) {
      expect(rule.Action).toEqual({ Block: {} });
      // Only the operations that send an e-mail count: sign-in is threat protection's.
      const scope = JSON.stringify(rule.Statement.RateBasedStatement.ScopeDownStatement);
      expect(scope).toContain('"Name":"x-amz-target"');
      for (const operation of EMAIL_SENDING_OPERATIONS) {
        expect(scope).toContain(`"AWSCognitoIdentityProviderService.${operation}"`);
      }
      expect(scope).not.toContain('InitiateAuth');
    }
  });

  it('associates that web ACL with the pool, adding nothing to the main stack', () => {
    const [association] = Object.values(
      prodNested.findResources('AWS::WAFv2::WebACLAssociation'),
    ) as Resource[];
    expect(association).toBeDefined();
    const [aclId] = Object.keys(prodNested.findResources('AWS::WAFv2::WebACL'));
    expect(association!.Properties['WebACLArn']).toEqual({ 'Fn::GetAtt': [aclId, 'Arn'] });
    // The pool's ARN arrives as a parameter of the nested stack.
    const parameter = (association!.Properties['ResourceArn'] as { Ref: string }).Ref;
    // The monitoring stack's resource (the API's route stacks are nested stacks too).
    const nestedStack = Object.entries(
      prod.template.findResources('AWS::CloudFormation::Stack'),
    ).find(([id]) => id.startsWith('MonitoringNestedStack'))?.[1] as
      { Properties: { Parameters: Record<string, unknown> } } | undefined;
    expect(JSON.stringify(nestedStack!.Properties.Parameters[parameter])).toContain(
      logicalIdOf(prod.stack.auth.userPool),
    );
    expect(
      Object.values(prod.template.findResources('AWS::WAFv2::WebACL')).map(
        (resource) => (resource as Resource).Properties['Scope'],
      ),
    ).toEqual(['CLOUDFRONT']);
  });

  it('reads its limits from context, and has none without WAF', () => {
    expect(settings({ ...PROD_CONTEXT, wafSignUpRateLimit: '30' }).waf).toMatchObject({
      signUpRateLimit: 30,
      signUpTotalLimit: 500,
    });
    expect(() => settings({ ...PROD_CONTEXT, wafSignUpTotalLimit: 5 })).toThrow(
      /"wafSignUpTotalLimit" must be a whole number/,
    );
    Template.fromStack(dev.stack.monitoring).resourceCountIs('AWS::WAFv2::WebACL', 0);
  });
});
