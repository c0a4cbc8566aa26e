/**
 * Newsletter e-mail: the SES identity the site sends from (a domain, verified through DKIM
 * records, or one address, verified by the link SES mails it), a configuration set (bounces and
 * complaints go to the account's suppression list; reputation metrics on), and the newsletter-send
 * state machine from `state-machines/newsletter-send.asl.json` (the same file the local runner
 * executes), each `${…FunctionArn}` placeholder substituted by one task function.
 *
 * Only the send task and the newsletter API function (the double opt-in confirmation) may send,
 * and only from this identity through this configuration set; only they read the signing key of
 * the e-mails' links.
 */
import { Duration, Stack } from 'aws-cdk-lib';
import type { UserPool, UserPoolClient } from 'aws-cdk-lib/aws-cognito';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { RetentionDays } from 'aws-cdk-lib/aws-logs';
import { ConfigurationSet, EmailIdentity, Identity, SuppressionReasons } from 'aws-cdk-lib/aws-ses';
import type { StateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import { Construct } from 'constructs';
import { lambdaVariables, type LambdaEnvironment } from '../../contract/design/lambda-environment';
import { stateMachineDesign, type TaskPlaceholder } from '../../contract/design/state-machines';
import type { Data } from './data';
import { functionEnvironment } from './function-environment';
import { MarketplaceFunction } from './marketplace-function';
import type { Secrets } from './secrets';
import { aslFileOf, allowWorkflowStart, createWorkflowStateMachine } from './workflow';

export interface NewsletterProps {
  readonly data: Data;
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;
  readonly secrets: Secrets;
  /** The sender address (context `mailFrom`). */
  readonly mailFrom: string;
  /**
   * The SES identity to create and send from: the sender's domain (DKIM, recommended) or the
   * address itself (context `mailIdentity`; defaults to the sender's domain).
   */
  readonly mailIdentity: string;
  /** The SES account's send rate (messages per second). */
  readonly sendRate: number;
}

const design = stateMachineDesign['newsletter-send'];

export const NEWSLETTER_ASL = aslFileOf('newsletter-send');

export class Newsletter extends Construct {
  readonly stateMachine: StateMachine;
  readonly identity: EmailIdentity;
  readonly configurationSet: ConfigurationSet;
  readonly taskFunctions: Readonly<Record<TaskPlaceholder<'newsletter-send'>, MarketplaceFunction>>;
  private readonly mailVariables: Record<string, string>;
  private readonly siteUrlTargets: MarketplaceFunction[] = [];

  constructor(scope: Construct, id: string, props: NewsletterProps) {
    super(scope, id);
    const { data } = props;
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.identity = new EmailIdentity(this, 'Identity', {
      identity: props.mailIdentity.includes('@')
        ? Identity.email(props.mailIdentity)
        : Identity.domain(props.mailIdentity),
      configurationSet: this.configurationSet,
    });
    this.mailVariables = {
      MAIL_FROM: props.mailFrom,
      MAIL_SEND_RATE: String(props.sendRate),
      MAIL_CONFIGURATION_SET: this.configurationSet.configurationSetName,
    } satisfies Partial<LambdaEnvironment>;
    const environment = lambdaVariables({
      ...functionEnvironment(props),
      POWERTOOLS_SERVICE_NAME: 'newsletter',
    });
    const task = (
      name: string,
      entry: string,
      options: { memorySize: number; timeout: Duration; description: string },
    ) =>
      new MarketplaceFunction(this, name, {
        domain: 'newsletter',
        entry,
        environment: { ...environment, ...this.mailVariables },
        ...options,
      });

    // Reads the type's subscriptions and subscribers and writes one item per address.
    const prepare = task('PrepareRecipientsFunction', design.tasks.PrepareRecipientsFunctionArn, {
      memorySize: 512,
      timeout: Duration.minutes(5),
      description: 'Newsletter send: the recipient snapshot of an issue, in batches',
    }).bindTable(data.table, 'readWrite');
    // 50 messages paced to its share of the send rate: about 7 s at 14/s over 2 batches.
    const send = task('SendBatchFunction', design.tasks.SendBatchFunctionArn, {
      memorySize: 256,
      timeout: Duration.minutes(4),
      description: 'Newsletter send: one batch of an issue through SES',
    }).bindTable(data.table, 'readWrite');
    this.allowSending(send);
    const finish = task('FinishIssueFunction', design.tasks.FinishIssueFunctionArn, {
      memorySize: 256,
      timeout: Duration.seconds(60),
      description: 'Newsletter send: the final counts of an issue',
    }).bindTable(data.table, 'readWrite');
    this.taskFunctions = {
      PrepareRecipientsFunctionArn: prepare,
      SendBatchFunctionArn: send,
      FinishIssueFunctionArn: finish,
    };

    this.stateMachine = createWorkflowStateMachine(this, {
      workflow: 'newsletter-send',
      taskFunctions: this.taskFunctions,
      // Inputs and outputs are issue ids, batch numbers and counts: never an address or a token.
      logRetention: RetentionDays.THREE_MONTHS,
      timeout: Duration.hours(24),
    });
    props.secrets.grantTo(send, ['newsletterSigningKey']);
  }

  /**
   * `fn` may send from the identity through the configuration set (SES v2 checks both ARNs), and
   * knows the sender, rate and configuration set.
   */
  allowSending(fn: MarketplaceFunction): void {
    const stack = Stack.of(this);
    const configurationSetArn = stack.formatArn({
      service: 'ses',
      resource: 'configuration-set',
      resourceName: this.configurationSet.configurationSetName,
    });
    fn.addToRolePolicy(
      new PolicyStatement({
        actions: ['ses:SendEmail'],
        resources: [this.identity.emailIdentityArn, configurationSetArn],
      }),
    );
    for (const [name, value] of Object.entries(this.mailVariables)) fn.addEnvironment(name, value);
    this.siteUrlTargets.push(fn);
  }

  /** The newsletter API function starts sends (the admin's Send) and mails confirmations. */
  allowStartAndSend(fn: MarketplaceFunction): void {
    allowWorkflowStart('newsletter-send', this.stateMachine, fn);
    this.allowSending(fn);
  }

  /** The base of the links in e-mails, once the site's address is known (the Web construct). */
  setSiteUrl(siteUrl: string): void {
    for (const fn of this.siteUrlTargets) fn.addEnvironment('SITE_URL', siteUrl);
  }
}
