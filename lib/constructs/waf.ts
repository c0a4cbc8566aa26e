/**
 * The distribution's web ACL (context `waf`, on for prod): AWS's managed rule groups for common
 * exploits, known bad inputs and IP addresses with a bad reputation, and a rate rule per client
 * IP. CloudFront only takes a web ACL of scope CLOUDFRONT, which exists in us-east-1 only, so a
 * stack with WAF must be deployed there (docs/operations.md, "Abuse protection").
 */
import { CfnRule, Fn, Stack, Token } from 'aws-cdk-lib';
import { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

export interface WafProps {
  /** Requests per client IP in any 5 minutes before WAF blocks that IP for a while. */
  readonly rateLimit: number;
}

/** The region a CLOUDFRONT-scoped web ACL must live in. */
export const WAF_REGION = 'us-east-1';

const MANAGED_GROUPS = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesAmazonIpReputationList',
] as const;

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

export class Waf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: WafProps) {
    super(scope, id);
    const stack = Stack.of(this);
    if (!Token.isUnresolved(stack.region) && stack.region !== WAF_REGION) {
      throw new Error(
        `WAF for CloudFront exists only in ${WAF_REGION}; deploy there or pass -c waf=false (region is ${stack.region}).`,
      );
    }
    // The stack is environment-agnostic: the region is checked again by CloudFormation before
    // anything is created, with a sentence instead of WAF's own error half-way through.
    new CfnRule(stack, 'WafRegionRule', {
      assertions: [
        {
          assert: Fn.conditionEquals(stack.region, WAF_REGION),
          assertDescription: `With WAF on (-c waf=true, the default for prod) the stack must be deployed to ${WAF_REGION}, where CloudFront's web ACLs live.`,
        },
      ],
    });

    const managed: CfnWebACL.RuleProperty[] = MANAGED_GROUPS.map((name, index) => ({
      name,
      priority: index + 1,
      overrideAction: { none: {} },
      statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
      visibilityConfig: visibility(name),
    }));
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Marketplace site and API: managed rule groups and a rate limit per client IP',
      visibilityConfig: visibility('marketplace-web-acl'),
      rules: [
        {
          // First, so a flood is dropped before the managed groups spend their capacity on it.
          name: 'RatePerClientIp',
          priority: 0,
          action: { block: {} },
          statement: {
            rateBasedStatement: {
              limit: props.rateLimit,
              evaluationWindowSec: 300,
              aggregateKeyType: 'IP',
            },
          },
          visibilityConfig: visibility('RatePerClientIp'),
        },
        ...managed,
      ],
    });
  }
}
