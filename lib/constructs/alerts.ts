/**
 * Where the marketplace's alarms go: one SNS topic, encrypted and TLS-only, with an e-mail
 * subscription when context `alarmEmail` names an operator. Every alarm of the stack is routed
 * here through `notify`, so an operator subscribes once (e-mail, chat, a pager) and hears of
 * every failure; docs/operations.md ("Alarms") says what each one means.
 */
import type { Alarm } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
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
