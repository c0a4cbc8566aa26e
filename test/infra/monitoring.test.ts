/**
 * Monitoring: one dashboard and the alarms (a nested stack), every alarm routed to the Alerts
 * topic; every function of the stack has an errors and a throttles alarm, every state machine a
 * failed, timed-out and aborted one; the API, our own metrics, the table and SES are watched.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_LIMITS } from '../../contract/design/build';
import { businessMetrics, healthMetrics } from '../../contract/design/metrics';
import { MarketplaceFunction, logicalIdOf } from '../../lib/constructs/marketplace-function';
import { WEB_ACL_METRIC_NAME } from '../../lib/constructs/waf';
import { PROD_CONTEXT, synthApp, type SynthesisedApp } from '../fixtures/synth';

interface AlarmResource {
  Properties: {
    AlarmDescription: string;
    Namespace?: string;
    MetricName?: string;
    Dimensions?: { Name: string; Value: unknown }[];
    Metrics?: { Expression?: string; MetricStat?: { Metric: Record<string, unknown> } }[];
    Threshold: number;
    AlarmActions: unknown[];
    OKActions: unknown[];
    TreatMissingData: string;
  };
}

let synthesised: SynthesisedApp;
let nested: Template;
let alarms: AlarmResource[];

beforeAll(() => {
  synthesised = synthApp();
  nested = Template.fromStack(synthesised.stack.monitoring);
  alarms = Object.values(nested.findResources('AWS::CloudWatch::Alarm')) as AlarmResource[];
});

const text = (value: unknown): string => JSON.stringify(value);

/** The monitoring nested stack's parameter that carries a parent resource's reference. */
const parameterFor = (parentLogicalId: string): string => {
  // The main stack also holds the API's route stacks (lib/constructs/api-routes.ts).
  const resource = Object.entries(
    synthesised.template.findResources('AWS::CloudFormation::Stack'),
  ).find(([id]) => id.startsWith('MonitoringNestedStack'))?.[1] as
    { Properties: { Parameters: Record<string, unknown> } } | undefined;
  const entry = Object.entries(resource!.Properties.Parameters).find(([, value]) =>
    text(value).includes(`"${parentLogicalId}"`),
  );
  if (!entry) throw new Error(`No nested stack parameter refers to ${parentLogicalId}`);
  return entry[0];
};

const alarmsOn = (namespace: string, metricName: string, parameter?: string) =>
  alarms.filter(
    (alarm) =>
      alarm.Properties.Namespace === namespace &&
      alarm.Properties.MetricName === metricName &&
      (parameter === undefined || text(alarm.Properties.Dimensions).includes(`"${parameter}"`)),
  );

const expressionAlarms = (fragment: string) =>
  alarms.filter((alarm) =>
    (alarm.Properties.Metrics ?? []).some((metric) => metric.Expression?.includes(fragment)),
  );

describe('monitoring', () => {
  it('has an errors and a throttles alarm for every function of ours', () => {
    const ours = synthesised.stack.node
      .findAll()
      .filter((c): c is MarketplaceFunction => c instanceof MarketplaceFunction);
    const inTemplate = Object.values(
      synthesised.template.findResources('AWS::Lambda::Function'),
    ).filter(
      // CDK's own custom-resource handlers are x86 or another runtime; ours are Node 24 on arm64.
      (fn) =>
        fn.Properties.Runtime === 'nodejs24.x' && text(fn.Properties.Architectures) === '["arm64"]',
    );
    expect(ours.length).toBeGreaterThan(40);
    expect(ours).toHaveLength(inTemplate.length);
    for (const fn of ours) {
      const parameter = parameterFor(logicalIdOf(fn));
      expect(alarmsOn('AWS/Lambda', 'Errors', parameter), fn.node.path).toHaveLength(1);
      expect(alarmsOn('AWS/Lambda', 'Throttles', parameter), fn.node.path).toHaveLength(1);
    }
    expect(alarmsOn('AWS/Lambda', 'Errors')).toHaveLength(ours.length);
    expect(alarmsOn('AWS/Lambda', 'Throttles')).toHaveLength(ours.length);
  });

  it('alarms on failed, timed-out and aborted executions of every state machine', () => {
    const machines = Object.keys(
      synthesised.template.findResources('AWS::StepFunctions::StateMachine'),
    );
    expect(machines).toHaveLength(5);
    for (const logicalId of machines) {
      const parameter = parameterFor(logicalId);
      for (const metric of ['ExecutionsFailed', 'ExecutionsTimedOut', 'ExecutionsAborted']) {
        const found = alarmsOn('AWS/States', metric, parameter);
        expect(found, `${logicalId} ${metric}`).toHaveLength(1);
        expect(found[0]!.Properties.Threshold).toBe(1);
      }
    }
    const payouts = alarmsOn('AWS/States', 'ExecutionsFailed').filter((alarm) =>
      alarm.Properties.AlarmDescription.includes('monthly payout run'),
    );
    expect(payouts).toHaveLength(1);
  });

  it('watches the API: 5xx rate, p99 latency, 4xx (throttling) rate', () => {
    expect(expressionAlarms('100 * errors / requests')).toHaveLength(1);
    expect(expressionAlarms('100 * clientErrors / requests')).toHaveLength(1);
    const latency = alarmsOn('AWS/ApiGateway', 'Latency');
    expect(latency).toHaveLength(1);
    expect(text(latency[0])).toContain('p99');
  });

  it('sums our own metrics over every service, with the emitted namespace and dimension', () => {
    for (const name of [
      healthMetrics.unexpectedErrors,
      healthMetrics.dependencyUnavailable,
      businessMetrics.payoutsFailed,
      businessMetrics.webhookEventsRejected,
    ]) {
      expect(
        expressionAlarms(`SELECT SUM(${name}) FROM SCHEMA(Marketplace, service)`),
      ).toHaveLength(1);
    }
  });

  it('watches the table and the SES reputation', () => {
    expect(expressionAlarms('ThrottledRequests').length + throttledMetricAlarms()).toBeGreaterThan(
      0,
    );
    expect(text(alarms)).toContain('SystemErrors');
    const bounce = alarmsOn('AWS/SES', 'Reputation.BounceRate');
    const complaint = alarmsOn('AWS/SES', 'Reputation.ComplaintRate');
    expect(bounce.map((a) => a.Properties.Threshold)).toEqual([0.05]);
    expect(complaint.map((a) => a.Properties.Threshold)).toEqual([0.001]);
  });

  it('watches the version builds’ project: nearly all failing, or running near its time limit', () => {
    const failing = expressionAlarms('IF(builds >= 5, 100 * failed / builds, 0)');
    expect(failing).toHaveLength(1);
    expect(failing[0]!.Properties.Threshold).toBe(80);
    const metrics = text(failing[0]!.Properties.Metrics);
    expect(metrics).toContain('"MetricName":"FailedBuilds"');
    expect(metrics).toContain('"MetricName":"Builds"');
    expect(metrics).toContain('"Namespace":"AWS/CodeBuild"');
    const slow = alarmsOn('AWS/CodeBuild', 'Duration');
    expect(slow.map((a) => a.Properties.Threshold)).toEqual([
      (BUILD_LIMITS.jobTimeoutMinutes - 2) * 60,
    ]);
    // Both on the project of the builds' nested stack.
    expect(text(slow[0]!.Properties.Dimensions)).toContain('ProjectName');
  });

  it('routes every alarm, into alarm and back, to the Alerts topic and describes it', () => {
    const topic = parameterFor(logicalIdOf(synthesised.stack.alerts.topic));
    expect(alarms.length).toBeGreaterThan(100);
    for (const alarm of alarms) {
      expect(text(alarm.Properties.AlarmActions)).toBe(text([{ Ref: topic }]));
      expect(text(alarm.Properties.OKActions)).toBe(text([{ Ref: topic }]));
      expect(alarm.Properties.AlarmDescription).toMatch(/docs\/operations\.md, Alarms\.$/);
      expect(alarm.Properties.TreatMissingData).toBe('notBreaching');
    }
  });

  it('has one dashboard with a Business section', () => {
    const dashboards = nested.findResources('AWS::CloudWatch::Dashboard');
    expect(Object.keys(dashboards)).toHaveLength(1);
    synthesised.template.resourceCountIs('AWS::CloudWatch::Dashboard', 0);
    const body = text(Object.values(dashboards)[0]);
    expect(body).toContain('## Business');
    for (const name of Object.values(businessMetrics)) expect(body).toContain(`SUM(${name})`);
  });

  it("graphs the edge, and each function's duration and concurrency", () => {
    const body = text(Object.values(nested.findResources('AWS::CloudWatch::Dashboard'))[0]);
    for (const title of [
      '## Edge (CloudFront and WAF)',
      'CloudFront requests',
      'CloudFront error rates (%)',
      'Function duration (p99)',
      'Concurrent executions (highest)',
    ]) {
      expect(body).toContain(title);
    }
    for (const metric of ['Requests', '4xxErrorRate', '5xxErrorRate', 'ConcurrentExecutions']) {
      expect(body).toContain(`\\"${metric}\\"`);
    }
    // With the web ACL (prod), its allowed and blocked requests by its metric name.
    const prod = synthApp(PROD_CONTEXT);
    const prodBody = text(
      Object.values(
        Template.fromStack(prod.stack.monitoring).findResources('AWS::CloudWatch::Dashboard'),
      )[0],
    );
    expect(prodBody).toContain('WAF requests');
    expect(prodBody).toContain('BlockedRequests');
    expect(prodBody).toContain(WEB_ACL_METRIC_NAME);
    expect(body).not.toContain('BlockedRequests');
  });

  it('keeps the main stack clear of the 500-resource limit', () => {
    const count = Object.keys(synthesised.template.toJSON().Resources as object).length;
    // About 300 since the routes moved to their nested stacks (lib/constructs/api-routes.ts): room
    // for the next features' functions (each brings a role, a policy and a log group).
    expect(count).toBeLessThan(350);
    // The watching lives in the nested stack; only the schedules' own two alarms (the dead-letter
    // queue, the payout run's start) stay beside the resources they watch.
    expect(
      Object.keys(synthesised.template.findResources('AWS::CloudWatch::Alarm')).sort(),
    ).toEqual([
      expect.stringMatching(/^SchedulesDeadLetterAlarm/),
      expect.stringMatching(/^SchedulesMonthlyPayoutsFailedAlarm/),
    ]);
    // Each watched resource reaches the nested stack as a parameter: CloudFormation allows 200.
    const parameters = Object.keys(nested.toJSON().Parameters as object);
    expect(parameters.length).toBeLessThan(150);
    expect(Object.keys(nested.toJSON().Resources as object).length).toBeLessThan(450);
  });
});

const throttledMetricAlarms = (): number =>
  alarms.filter((alarm) =>
    (alarm.Properties.Metrics ?? []).some(
      (metric) => metric.MetricStat?.Metric.MetricName === 'ThrottledRequests',
    ),
  ).length;
