/**
 * Where the marketplace's alarms go: one SNS topic, encrypted and TLS-only, with an e-mail
 * subscription when context `alarmEmail` names an operator. Every alarm of the stack is routed
 * here through `notify`, so an operator subscribes once (e-mail, chat, a pager) and hears of
 * every failure; docs/operations.md ("Alarms") says what each one means.
 */
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { Stack } from 'aws-cdk-lib';
import { Effect, PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Construct } from 'constructs';

export interface AlertsProps {
  /** The operator's address (context `alarmEmail`); unset: subscribe to the topic yourself. */
  readonly email?: string;
}

export class Alerts extends Construct {
  readonly topic: Topic;
  private readonly action: SnsAction;

  constructor(scope: Construct, id: string, props: AlertsProps) {
    super(scope, id);
    // A key of our own: CloudWatch cannot publish to a topic under SNS's AWS-managed key, whose
    // policy we cannot extend to the CloudWatch service.
    const key = new Key(this, 'Key', {
      description: 'Encrypts the marketplace alarm topic',
      enableKeyRotation: true,
    });
    key.grant(
      new ServicePrincipal('cloudwatch.amazonaws.com'),
      'kms:Decrypt',
      'kms:GenerateDataKey*',
    );
    this.topic = new Topic(this, 'Topic', {
      displayName: 'Marketplace alarms',
      masterKey: key,
      enforceSSL: true,
    });
    // The topic's own policy replaces SNS's default one, so CloudWatch may publish only if it
    // says so: the alarms of this account, in this region, and nothing else's.
    const { account, region, partition } = Stack.of(this);
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'CloudWatchAlarmsPublish',
        effect: Effect.ALLOW,
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: {
          StringEquals: { 'aws:SourceAccount': account },
          ArnLike: { 'aws:SourceArn': `arn:${partition}:cloudwatch:${region}:${account}:alarm:*` },
        },
      }),
    );
    if (props.email) this.topic.addSubscription(new EmailSubscription(props.email));
    this.action = new SnsAction(this.topic);
  }

  /** Sends the alarm's state changes (into alarm and back to OK) to the topic. */
  notify(alarm: Alarm): Alarm {
    alarm.addAlarmAction(this.action);
    alarm.addOkAction(this.action);
    return alarm;
  }
}
