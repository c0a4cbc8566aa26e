/**
 * The alarm topic: every alarm of the stack goes to one encrypted, TLS-only SNS topic that
 * CloudWatch may publish to, with the operator's e-mail subscribed when context `alarmEmail` is set.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../lib/stacks/create-app';
import { synthApp, type SynthesisedApp } from '../fixtures/synth';

let plain: SynthesisedApp;
let subscribed: SynthesisedApp;

beforeAll(() => {
  plain = synthApp();
  subscribed = synthApp({ alarmEmail: 'ops@example.org' });
});

describe('alarm topic', () => {
  it('is encrypted with a rotated key that CloudWatch may use, and refuses plain HTTP', () => {
    const topics = plain.template.findResources('AWS::SNS::Topic');
    expect(Object.keys(topics)).toHaveLength(1);
    const [topic] = Object.values(topics);
    const keyId = (topic!.Properties.KmsMasterKeyId as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
    const key = plain.template.findResources('AWS::KMS::Key')[keyId]!;
    expect(key.Properties.EnableKeyRotation).toBe(true);
    expect(JSON.stringify(key.Properties.KeyPolicy)).toContain('cloudwatch.amazonaws.com');
    plain.template.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Effect: 'Deny',
            Condition: { Bool: { 'aws:SecureTransport': 'false' } },
          }),
        ]),
      },
    });
  });

  it("lets this account's CloudWatch alarms publish, and no one else", () => {
    // The topic policy replaces SNS's default one: without this statement every alarm would
    // log "not authorized to perform SNS:Publish" and reach nobody.
    const [policy] = Object.values(plain.template.findResources('AWS::SNS::TopicPolicy'));
    const statements = (
      policy!.Properties.PolicyDocument as { Statement: Record<string, unknown>[] }
    ).Statement;
    const allows = statements.filter((statement) => statement['Effect'] === 'Allow');
    expect(allows).toHaveLength(1);
    expect(allows[0]).toMatchObject({
      Principal: { Service: 'cloudwatch.amazonaws.com' },
      Action: 'sns:Publish',
      Condition: {
        StringEquals: { 'aws:SourceAccount': { Ref: 'AWS::AccountId' } },
        ArnLike: { 'aws:SourceArn': expect.anything() as unknown },
      },
    });
    expect(JSON.stringify(allows[0]!['Condition'])).toContain(':alarm:*');
  });

  it('subscribes the operator from context alarmEmail, and nobody without it', () => {
    plain.template.resourceCountIs('AWS::SNS::Subscription', 0);
    subscribed.template.hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.org',
    });
    expect(Object.keys(subscribed.template.findOutputs('AlarmTopicArn'))).toHaveLength(1);
  });

  it('refuses an alarmEmail that is not an address', () => {
    expect(() => createApp({ context: { alarmEmail: 'ops at example' } })).toThrow(
      /"alarmEmail" must be an e-mail address/,
    );
  });
});
