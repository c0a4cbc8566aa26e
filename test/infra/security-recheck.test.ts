/**
 * The daily security re-check's task function: its schedule (the design's cron, once a day), its
 * time and memory (the OSV origin is the configuration's default, api.osv.dev), and a files-bucket grant limited to the
 * `security/` prefix (dependency lists and the run's state), nothing else of the bucket.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { schedules } from '../../contract/design/schedules';
import { logicalIdOf } from '../../lib/constructs/marketplace-function';
import { synthApp, type SynthesisedApp } from '../fixtures/synth';

let app: SynthesisedApp;

beforeAll(() => {
  app = synthApp();
});

interface Statement {
  Action: string | string[];
  Resource: unknown;
}

const taskFunction = () => {
  const fn = app.stack.schedules.functions.get('securityRecheck');
  expect(fn).toBeDefined();
  const id = logicalIdOf(fn!);
  const props = app.template.findResources('AWS::Lambda::Function')[id]!.Properties as {
    Timeout: number;
    MemorySize: number;
    Role: { 'Fn::GetAtt': [string, string] };
    Environment: { Variables: Record<string, unknown> };
  };
  return { id, props };
};

const statementsOf = (roleId: string): Statement[] =>
  Object.values(app.template.findResources('AWS::IAM::Policy'))
    .filter((policy) =>
      (policy.Properties.Roles as { Ref: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as Statement[]);

describe('security re-check schedule', () => {
  it('runs once a day, in UTC', () => {
    const fields = schedules.securityRecheck.cron.split(' ');
    expect(fields).toHaveLength(6);
    expect(fields.slice(0, 2).every((field) => /^\d+$/.test(field))).toBe(true);
    expect(fields.slice(2)).toEqual(['*', '*', '?', '*']);
    const schedule = Object.values(app.template.findResources('AWS::Scheduler::Schedule')).find(
      (candidate) =>
        candidate.Properties.ScheduleExpression === `cron(${schedules.securityRecheck.cron})`,
    );
    expect(JSON.stringify(schedule?.Properties.Target)).toContain(taskFunction().id);
  });

  it('has a quarter of an hour and 1 GB', () => {
    const { props } = taskFunction();
    expect(props.Timeout).toBe(900);
    expect(props.MemorySize).toBe(1024);
  });

  it('reads and writes the files bucket only under security/', () => {
    const { props } = taskFunction();
    const s3 = statementsOf(props.Role['Fn::GetAtt'][0]).filter((statement) =>
      (Array.isArray(statement.Action) ? statement.Action : [statement.Action]).some((action) =>
        action.startsWith('s3:'),
      ),
    );
    expect(s3.length).toBeGreaterThan(0);
    for (const statement of s3) expect(JSON.stringify(statement.Resource)).toContain('/security/*');
    expect(s3.flatMap((statement) => statement.Action)).toEqual(
      expect.arrayContaining(['s3:GetObject', 's3:PutObject']),
    );
  });
});
