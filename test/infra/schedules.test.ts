/**
 * The schedules on EventBridge Scheduler: one per design entry with the design's cron, a retry
 * policy, the scheduled time in the input, one encrypted TLS-only dead-letter queue with an alarm,
 * and the monthly payout run's own alarm; both alarms go to the alarm topic.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../contract/design/schedules';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { synthApp, type SynthesisedApp } from '../fixtures/synth';

type Resources = Record<string, { Properties: Record<string, unknown> }>;

let app: SynthesisedApp;

beforeAll(() => {
  app = synthApp();
});

const resources = (type: string): Resources => app.template.findResources(type) as Resources;
const topicRef = () => ({ Ref: logicalIdOf(app.stack.alerts.topic) });
const queueId = () => logicalIdOf(app.stack.schedules.deadLetterQueue);

describe('schedules', () => {
  it('has no EventBridge rule left: every schedule is a Scheduler schedule', () => {
    expect(Object.keys(resources('AWS::Events::Rule'))).toEqual([]);
    expect(Object.keys(resources('AWS::Scheduler::Schedule'))).toHaveLength(
      Object.keys(schedules).length,
    );
  });

  it.each(Object.keys(schedules) as (keyof typeof schedules)[])(
    '%s runs its design cron in UTC with retries, the dead-letter queue and the scheduled time',
    (name) => {
      const fn = app.stack.schedules.functions.get(name);
      expect(fn).toBeDefined();
      const schedule = Object.values(resources('AWS::Scheduler::Schedule')).find(
        (candidate) =>
          JSON.stringify((candidate.Properties.Target as { Arn: unknown }).Arn) ===
          JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(fn!), 'Arn'] }),
      );
      expect(schedule?.Properties).toMatchObject({
        ScheduleExpression: `cron(${schedules[name].cron})`,
        FlexibleTimeWindow: { Mode: 'OFF' },
        Target: {
          RetryPolicy: { MaximumEventAgeInSeconds: 3600, MaximumRetryAttempts: 3 },
          DeadLetterConfig: { Arn: { 'Fn::GetAtt': [queueId(), 'Arn'] } },
        },
      });
      const timezone = schedule?.Properties.ScheduleExpressionTimezone;
      expect(timezone === undefined || timezone === 'UTC' || timezone === 'Etc/UTC').toBe(true);
      const input = JSON.parse((schedule?.Properties.Target as { Input: string }).Input);
      expect(input).toMatchObject({ time: '<aws.scheduler.scheduled-time>' });
    },
  );

  it('keeps the task functions’ construct ids', () => {
    for (const name of Object.keys(schedules)) {
      const id = `${name.charAt(0).toUpperCase()}${name.slice(1)}Function`;
      expect(app.stack.schedules.node.tryFindChild(id), id).toBeDefined();
    }
  });

  it('has one dead-letter queue, encrypted and TLS-only', () => {
    app.template.resourceCountIs('AWS::SQS::Queue', 1);
    app.template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true });
    app.template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      Queues: [{ Ref: queueId() }],
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

  it('alarms on a message in the dead-letter queue, to the alarm topic', () => {
    app.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SQS',
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [queueId(), 'QueueName'] } }],
      Threshold: 1,
      AlarmActions: [topicRef()],
      OKActions: [topicRef()],
    });
  });

  it('alarms at once when the monthly payout run fails to start', () => {
    const fn = app.stack.schedules.functions.get('monthlyPayouts');
    app.template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Dimensions: [{ Name: 'FunctionName', Value: { Ref: logicalIdOf(fn!) } }],
      Threshold: 1,
      AlarmActions: [topicRef()],
    });
  });

  it('sends a task that threw, after Lambda retried it, to the dead-letter queue', () => {
    // Scheduler's own dead-letter queue holds only events it could not deliver: without the
    // function's on-failure destination, a task that throws is retried twice and dropped.
    const functions = resources('AWS::Lambda::Function');
    for (const fn of app.stack.schedules.functions.values()) {
      expect(functions[logicalIdOf(fn)]!.Properties['DeadLetterConfig'], fn.node.id).toEqual({
        TargetArn: { 'Fn::GetAtt': [queueId(), 'Arn'] },
      });
    }
  });

  it('lets Scheduler invoke exactly the task functions and send to the dead-letter queue', () => {
    const roles = Object.entries(resources('AWS::IAM::Role')).filter(([, role]) =>
      JSON.stringify(role.Properties.AssumeRolePolicyDocument).includes('scheduler.amazonaws.com'),
    );
    expect(roles.length).toBeGreaterThan(0);
    const policies = Object.values(resources('AWS::IAM::Policy')).filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) =>
        roles.some(([id]) => id === role.Ref),
      ),
    );
    const text = JSON.stringify(policies);
    for (const fn of app.stack.schedules.functions.values()) {
      expect(text).toContain(JSON.stringify({ 'Fn::GetAtt': [logicalIdOf(fn), 'Arn'] }));
    }
    expect(text).toContain('sqs:SendMessage');
  });
});
