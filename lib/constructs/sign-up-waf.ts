/**
 * The user pool's own web ACL (on with context `waf`, so for prod): the browser calls Cognito's
 * API directly for sign-up, a new confirmation code and a password reset, so CloudFront's web ACL
 * never sees those requests. Each of them makes Cognito send an e-mail through our SES identity,
 * and anyone may call them with the web client's id: unchecked, one script could spend the
 * account's SES quota and, with made-up addresses, its bounce rate (SES pauses an account past
 * 5%, and the newsletter and notifications with it). A REGIONAL web ACL associated with the pool
 * limits those three operations, told apart by their `X-Amz-Target` header, per client IP and in
 * total; sign-in is left to Cognito's threat protection (docs/operations.md, "Abuse protection").
 */
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import type { IUserPool } from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';

/** The Cognito operations that send an e-mail to an address the caller chooses. */
export const EMAIL_SENDING_OPERATIONS = ['SignUp', 'ResendConfirmationCode', 'ForgotPassword'];

export interface SignUpWafProps {
  readonly userPool: IUserPool;
  /** E-mail-sending requests one client IP may make in 5 minutes. */
  readonly perClientLimit: number;
  /** E-mail-sending requests all clients together may make in 5 minutes. */
  readonly totalLimit: number;
}

const visibility = (metricName: string): CfnWebACL.VisibilityConfigProperty => ({
  cloudWatchMetricsEnabled: true,
  metricName,
  sampledRequestsEnabled: true,
});

/** Matches a request for one of the e-mail-sending operations. */
const emailSendingRequest: CfnWebACL.StatementProperty = {
  orStatement: {
    statements: EMAIL_SENDING_OPERATIONS.map((operation) => ({
      byteMatchStatement: {
        fieldToMatch: { singleHeader: { Name: 'x-amz-target' } },
        positionalConstraint: 'EXACTLY',
        searchString: `AWSCognitoIdentityProviderService.${operation}`,
        textTransformations: [{ priority: 0, type: 'NONE' }],
      },
    })),
  },
};

export class SignUpWaf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: SignUpWafProps) {
    super(scope, id);
    const rateRule = (
      name: string,
      priority: number,
      limit: number,
      aggregateKeyType: 'IP' | 'CONSTANT',
    ): CfnWebACL.RuleProperty => ({
      name,
      priority,
      action: { block: {} },
      statement: {
        rateBasedStatement: {
          limit,
          evaluationWindowSec: 300,
          aggregateKeyType,
          scopeDownStatement: emailSendingRequest,
        },
      },
      visibilityConfig: visibility(name),
    });
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      description:
        'Marketplace user pool: sign-up, new codes and password resets limited per client IP and in total',
      visibilityConfig: visibility('marketplace-user-pool-acl'),
      rules: [
        rateRule('EmailSendingPerClientIp', 0, props.perClientLimit, 'IP'),
        rateRule('EmailSendingTotal', 1, props.totalLimit, 'CONSTANT'),
      ],
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.userPool.userPoolArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
