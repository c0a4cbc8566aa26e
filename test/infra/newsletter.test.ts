/**
 * Newsletter e-mail as deployed: the newsletter-send state machine is the ASL file (the same one
 * the local runner executes) with logging and tracing, its Map's concurrency is the one the
 * sender paces for, only the senders (the send task, the newsletter API function, the
 * notification e-mails task and the API functions that notify on their own) may send through SES
 * and only from the stack's identity and configuration set, only the newsletter function may
 * start a send, and the links' signing key reaches only the senders and the notifications
 * function (which checks unsubscribe links). cdk-nag runs in every synth here.
 */
import { Match } from 'aws-cdk-lib/assertions';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { SEND_CONCURRENCY } from '../../lambdas/newsletter/sending';
import { secretArnVariable } from '../../contract/design/secrets';
import { stateMachineDesign } from '../../contract/design/state-machines';
import { NEWSLETTER_ASL } from '../../lib/constructs/newsletter';
import { NOTIFYING_DOMAINS } from '../../lib/stacks/marketplace-stack';
import { synthApp, type SynthesisedApp } from '../fixtures/synth';

let app: SynthesisedApp;
beforeAll(() => {
  app = synthApp({ mailFrom: 'news@mail.example.org', siteUrl: 'https://www.example.org' });
});

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

const machine = () => {
  const found = Object.entries(app.template.findResources('AWS::StepFunctions::StateMachine'))
    .filter(([logicalId]) => logicalId.startsWith('Newsletter'))
    .map(([logicalId, resource]) => ({ logicalId, resource }));
  expect(found).toHaveLength(1);
  const { logicalId, resource } = found[0]!;
  return {
    logicalId,
    props: resource.Properties as Record<string, unknown> & {
      DefinitionS3Location: { Key: string };
      DefinitionSubstitutions: Record<string, { 'Fn::GetAtt': [string, string] }>;
    },
  };
};

const functions = () => app.template.findResources('AWS::Lambda::Function');

const functionProps = (functionId: string) =>
  functions()[functionId]!.Properties as {
    Role: { 'Fn::GetAtt': [string, string] };
    Environment: { Variables: Record<string, unknown> };
  };

const statementsOfFunction = (functionId: string): Statement[] => {
  const roleId = functionProps(functionId).Role['Fn::GetAtt'][0];
  return Object.values(app.template.findResources('AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);
};

const actionsOf = (statements: Statement[]) =>
  statements.flatMap((s) => (Array.isArray(s.Action) ? s.Action : [s.Action]));

const taskFunctionId = (placeholder: string) =>
  machine().props.DefinitionSubstitutions[placeholder]!['Fn::GetAtt'][0];

const functionStartingWith = (prefix: string) => {
  const id = Object.keys(functions()).find((logicalId) => logicalId.startsWith(prefix));
  expect(id, prefix).toBeDefined();
  return id!;
};

const apiNewsletterFunction = () => functionStartingWith('ApiNewsletterFunction');

const pascal = (name: string) => name.charAt(0).toUpperCase() + name.slice(1);

/** Every function that may send: newsletters, and notification e-mails. */
const expectedSenders = () => [
  taskFunctionId('SendBatchFunctionArn'),
  apiNewsletterFunction(),
  functionStartingWith('SchedulesNotificationEmailsFunction'),
  ...NOTIFYING_DOMAINS.map((domain) => functionStartingWith(`Api${pascal(domain)}Function`)),
];

const sesSenders = () =>
  Object.keys(functions()).filter((id) =>
    actionsOf(statementsOfFunction(id)).some((action) => action.startsWith('ses:')),
  );

describe('newsletter-send state machine', () => {
  it('is defined by state-machines/newsletter-send.asl.json, its placeholders substituted', () => {
    const { props } = machine();
    const assetFile = readdirSync(app.outdir).find((name) =>
      name.endsWith(props.DefinitionS3Location.Key),
    );
    expect(assetFile).toBeDefined();
    const deployed = JSON.parse(readFileSync(path.join(app.outdir, assetFile!), 'utf8'));
    const source = JSON.parse(readFileSync(NEWSLETTER_ASL, 'utf8'));
    expect(deployed).toEqual(source);
    const placeholders = [
      ...new Set([...JSON.stringify(source).matchAll(/\$\{(\w+)\}/g)].map((m) => m[1])),
    ];
    expect(Object.keys(props.DefinitionSubstitutions).sort()).toEqual(placeholders.sort());
    expect(Object.keys(stateMachineDesign['newsletter-send'].tasks).sort()).toEqual(
      placeholders.sort(),
    );
  });

  it('sends batches in a Map at the concurrency the sender paces for, retrying throttling', () => {
    const source = JSON.parse(readFileSync(NEWSLETTER_ASL, 'utf8'));
    expect(source.QueryLanguage ?? 'JSONPath').toBe('JSONPath');
    const map = source.States.SendBatches;
    expect(map.Type).toBe('Map');
    expect(map.MaxConcurrency).toBe(SEND_CONCURRENCY);
    const sendBatch = map.ItemProcessor.States.SendBatch;
    expect(sendBatch.Retry[0].ErrorEquals).toEqual(['MailThrottled']);
    expect(sendBatch.Catch[0].ErrorEquals).toEqual(['States.ALL']);
  });

  it('logs every execution and is traced by X-Ray', () => {
    expect(machine().props).toMatchObject({
      LoggingConfiguration: { Level: 'ALL', IncludeExecutionData: true },
      TracingConfiguration: { Enabled: true },
    });
  });
});

describe('SES', () => {
  it('has a domain identity with the configuration set that suppresses bounces and complaints', () => {
    app.template.hasResourceProperties('AWS::SES::EmailIdentity', {
      EmailIdentity: 'mail.example.org',
    });
    app.template.hasResourceProperties('AWS::SES::ConfigurationSet', {
      SuppressionOptions: { SuppressedReasons: ['BOUNCE', 'COMPLAINT'] },
    });
  });

  it('only the senders may send, from that identity only', () => {
    expect(sesSenders().sort()).toEqual(expectedSenders().sort());
    for (const id of sesSenders()) {
      const ses = statementsOfFunction(id).filter((s) =>
        actionsOf([s]).some((action) => action.startsWith('ses:')),
      );
      expect(actionsOf(ses)).toEqual(['ses:SendEmail']);
      const resources = JSON.stringify(ses.map((s) => s.Resource));
      expect(resources).not.toContain('"*"');
      expect(resources).toContain('identity/');
      expect(resources).toContain('configuration-set/');
      const variables = functionProps(id).Environment.Variables;
      expect(variables.MAIL_FROM).toBe('news@mail.example.org');
      expect(variables.SITE_URL).toBe('https://www.example.org');
      expect(variables.MAIL_CONFIGURATION_SET).toBeDefined();
    }
  });

  it('only the newsletter function may start a send; the signing key reaches only the senders', () => {
    const machineId = machine().logicalId;
    const starters = Object.keys(functions()).filter((id) =>
      statementsOfFunction(id).some(
        (s) =>
          actionsOf([s]).includes('states:StartExecution') &&
          JSON.stringify(s.Resource).includes(machineId),
      ),
    );
    expect(starters).toEqual([apiNewsletterFunction()]);
    const keyVariable = secretArnVariable('newsletterSigningKey');
    const holders = Object.keys(functions()).filter(
      (id) => functionProps(id).Environment?.Variables?.[keyVariable] !== undefined,
    );
    expect(holders.sort()).toEqual(
      [...sesSenders(), functionStartingWith('ApiNotificationsFunction')].sort(),
    );
  });
});

describe('notification e-mails', () => {
  it('empties the outbox every minute from a task that may read and write the table', () => {
    const id = functionStartingWith('SchedulesNotificationEmailsFunction');
    app.template.hasResourceProperties('AWS::Scheduler::Schedule', {
      ScheduleExpression: 'cron(* * * * ? *)',
      Target: Match.objectLike({ Arn: { 'Fn::GetAtt': [id, 'Arn'] } }),
    });
    const actions = actionsOf(statementsOfFunction(id));
    expect(actions).toEqual(
      expect.arrayContaining(['dynamodb:Query', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']),
    );
    expect(functionProps(id).Environment.Variables.SITE_URL).toBe('https://www.example.org');
  });
});
