/**
 * The role GitHub Actions deploys with (.github/workflows/deploy.yml): a separate small stack,
 * `DeployRole-<stage>`, created only when context `githubRepo` names the repository and deployed
 * once by hand with an administrator's credentials. Separate because the pipeline must not be
 * able to widen its own trust or permissions, and the role has to exist before the first deploy.
 *
 * Trust: GitHub's OIDC tokens for this one repository's `v*` tags, audience STS. Permissions: only
 * assuming the CDK bootstrap roles (deploy, file and image publishing, lookup), which carry what
 * `cdk deploy` needs (docs/operations.md, "Deploy from GitHub").
 */
import { Aws, CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { CfnOIDCProvider, PolicyStatement, Role, WebIdentityPrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';

/** The default qualifier of `cdk bootstrap`: its roles are `cdk-hnb659fds-<kind>-role-<account>-<region>`. */
export const CDK_BOOTSTRAP_QUALIFIER = 'hnb659fds';

export interface DeployRoleStackProps extends StackProps {
  readonly stage: string;
  /** `owner/name` of the repository whose tags may deploy. */
  readonly githubRepo: string;
  /** An existing GitHub OIDC provider of the account (one per account); unset: create it. */
  readonly oidcProviderArn?: string;
}

export class DeployRoleStack extends Stack {
  readonly role: Role;

  constructor(scope: Construct, id: string, props: DeployRoleStackProps) {
    super(scope, id, props);
    const providerArn =
      props.oidcProviderArn ??
      new CfnOIDCProvider(this, 'GithubOidcProvider', {
        url: `https://${GITHUB_OIDC_HOST}`,
        clientIdList: ['sts.amazonaws.com'],
      }).attrArn;
    this.role = new Role(this, 'DeployRole', {
      description: `GitHub Actions deploys Marketplace-${props.stage} from ${props.githubRepo} tags v*`,
      maxSessionDuration: Duration.hours(1),
      assumedBy: new WebIdentityPrincipal(providerArn, {
        StringEquals: { [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com' },
        StringLike: { [`${GITHUB_OIDC_HOST}:sub`]: `repo:${props.githubRepo}:ref:refs/tags/v*` },
      }),
    });
    const bootstrapRoles = `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${CDK_BOOTSTRAP_QUALIFIER}-*`;
    this.role.addToPolicy(
      new PolicyStatement({ actions: ['sts:AssumeRole'], resources: [bootstrapRoles] }),
    );
    Validations.of(this.role).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iam::<AWS::AccountId>:role/cdk-${CDK_BOOTSTRAP_QUALIFIER}-*]`,
      reason:
        'cdk deploy assumes the bootstrap roles (deploy, file and image publishing, lookup), named by kind and region under this prefix; they hold the deploy permissions.',
    });
    new CfnOutput(this, 'DeployRoleArn', { value: this.role.roleArn });
  }
}
