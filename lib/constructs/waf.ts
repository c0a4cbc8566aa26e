/**
 * The distribution's web ACL (context `waf`, on for prod): AWS's managed rule groups for common
 * exploits, known bad inputs and IP addresses with a bad reputation, and a rate rule per client
 * IP. CloudFront only takes a web ACL of scope CLOUDFRONT, which exists in us-east-1 only, so a
 * stack with WAF must be deployed there (docs/operations.md, "Abuse protection").
 */
import { ArnFormat, CfnRule, Fn, RemovalPolicy, Stack, Token } from 'aws-cdk-lib';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { CfnLoggingConfiguration, CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
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

/**
 * The Common rule set's two body rules that real API bodies trip: SizeRestrictions_BODY blocks
 * every body over 8 KB (Stripe's and GitHub's webhook payloads often are, and so is a template's
 * description or a newsletter issue), and CrossSiteScripting_BODY blocks markdown and README HTML
 * that sellers legitimately send. They only count (and label) in the group; the two rules below
 * block on their labels outside the API. The API's bodies are bounded by API Gateway (10 MB) and
 * each field's schema, and what they carry is escaped where it is shown (docs/operations.md,
 * "Abuse protection").
 */
export const COUNTED_BODY_RULES = {
  SizeRestrictions_BODY: 'awswaf:managed:aws:core-rule-set:SizeRestrictions_Body',
  CrossSiteScripting_BODY: 'awswaf:managed:aws:core-rule-set:CrossSiteScripting_Body',
} as const;

/** The paths whose bodies the API reads: the counted body rules do not block there. */
export const API_PATH_PREFIX = '/api/';

/** The web ACL's CloudWatch metric name: its metrics' `WebACL` dimension (the dashboard's graph). */
export const WEB_ACL_METRIC_NAME = 'marketplace-web-acl';

/** WAF's logs: the log group's name must begin with `aws-waf-logs-`. */
export const WAF_LOG_GROUP_PREFIX = 'aws-waf-logs-';

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** Blocks on the counted body rules' labels outside the API, from `priority` on. */
const bodyRulesOutsideApi = (priority: number): CfnWebACL.RuleProperty[] => {
  const outsideApi: CfnWebACL.StatementProperty = {
    notStatement: {
      statement: {
        byteMatchStatement: {
          fieldToMatch: { uriPath: {} },
          positionalConstraint: 'STARTS_WITH',
          searchString: API_PATH_PREFIX,
          textTransformations: [{ priority: 0, type: 'NONE' }],
        },
      },
    },
  };
  return Object.entries(COUNTED_BODY_RULES).map(([rule, label], index) => ({
    name: `${rule}OutsideApi`,
    priority: priority + index,
    action: { block: {} },
    statement: {
      andStatement: {
        statements: [{ labelMatchStatement: { scope: 'LABEL', key: label } }, outsideApi],
      },
    },
    visibilityConfig: visibility(`${rule}OutsideApi`),
  }));
};

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
      statement: {
        managedRuleGroupStatement: {
          vendorName: 'AWS',
          name,
          ...(name === 'AWSManagedRulesCommonRuleSet'
            ? {
                ruleActionOverrides: Object.keys(COUNTED_BODY_RULES).map((rule) => ({
                  name: rule,
                  actionToUse: { count: {} },
                })),
              }
            : {}),
        },
      },
      visibilityConfig: visibility(name),
    }));
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'CLOUDFRONT',
      defaultAction: { allow: {} },
      description: 'Marketplace site and API: managed rule groups and a rate limit per client IP',
      visibilityConfig: visibility(WEB_ACL_METRIC_NAME),
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
        ...bodyRulesOutsideApi(MANAGED_GROUPS.length + 1),
      ],
    });

    this.logBlockedRequests(stack);
  }

  /**
   * What WAF blocked and why, for an operator answering "my request was refused": kept three
   * months, without the caller's credentials.
   */
  private logBlockedRequests(stack: Stack): void {
    const logs = new LogGroup(this, 'Logs', {
      logGroupName: `${WAF_LOG_GROUP_PREFIX}${stack.stackName}`,
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    new CfnLoggingConfiguration(this, 'Logging', {
      resourceArn: this.webAcl.attrArn,
      // The log group's ARN without the `:*` its Arn attribute ends with, which WAF refuses.
      logDestinationConfigs: [
        stack.formatArn({
          service: 'logs',
          resource: 'log-group',
          resourceName: logs.logGroupName,
          arnFormat: ArnFormat.COLON_RESOURCE_NAME,
        }),
      ],
      redactedFields: [
        { singleHeader: { Name: 'authorization' } },
        { singleHeader: { Name: 'cookie' } },
      ],
    });
  }
}
