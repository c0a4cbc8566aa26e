/**
 * The API's routes live in nested stacks by group of domains (lib/constructs/api-routes.ts), so
 * the main stack stays far from CloudFormation's 500 resources; see docs/operations.md, "The stacks".
 */
import { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { domains, routes, routesOf } from '../../contract/routes';
import { ROUTE_STACKS } from '../../lib/constructs/api-routes';
import { PROD_CONTEXT, synthApp, type SynthesisedApp } from '../fixtures/synth';

let dev: SynthesisedApp;
let prod: SynthesisedApp;

beforeAll(() => {
  dev = synthApp();
  prod = synthApp(PROD_CONTEXT);
});

const countOf = (template: Template): number =>
  Object.keys(template.toJSON().Resources as object).length;

describe('the API route stacks', () => {
  it('places every domain in exactly one group', () => {
    const placed = Object.values(ROUTE_STACKS).flat();
    expect([...placed].sort()).toEqual([...domains].sort());
    expect(new Set(placed).size).toBe(placed.length);
  });

  it('hold every route, an integration and one invoke permission per domain, and nothing else', () => {
    for (const [name, grouped] of Object.entries(ROUTE_STACKS)) {
      const routeStack = dev.stack.api.routeStacks.get(name as keyof typeof ROUTE_STACKS);
      const template = Template.fromStack(routeStack!);
      const rows = grouped.flatMap((domain) => routesOf(domain));
      template.resourceCountIs('AWS::ApiGatewayV2::Route', rows.length);
      template.resourceCountIs('AWS::ApiGatewayV2::Integration', grouped.length);
      template.resourceCountIs('AWS::Lambda::Permission', grouped.length);
      expect(countOf(template), name).toBe(rows.length + 2 * grouped.length);
      // Each function may be invoked by this API only (any stage, method and path of it).
      for (const permission of Object.values(template.findResources('AWS::Lambda::Permission'))) {
        expect(permission.Properties.Principal).toBe('apigateway.amazonaws.com');
        expect(JSON.stringify(permission.Properties.SourceArn)).toContain('HttpApi');
      }
    }
  });

  it('leave the main stack the API, its stage, its one authorizer and no route', () => {
    for (const app of [dev, prod]) {
      app.template.resourceCountIs('AWS::ApiGatewayV2::Route', 0);
      app.template.resourceCountIs('AWS::ApiGatewayV2::Integration', 0);
      app.template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
      app.template.resourceCountIs('AWS::ApiGatewayV2::Stage', 1);
      app.template.resourceCountIs('AWS::ApiGatewayV2::Authorizer', 1);
      // The three route stacks, the version builds stack and the monitoring stack.
      app.template.resourceCountIs('AWS::CloudFormation::Stack', 5);
    }
    expect(routes.length).toBeGreaterThan(100);
  });

  it('keep the main stack under 350 resources in dev and prod', () => {
    expect(countOf(dev.template)).toBeLessThan(350);
    expect(countOf(prod.template)).toBeLessThan(350);
  });
});
