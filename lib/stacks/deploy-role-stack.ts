/**
 * The role GitHub Actions deploys with (.github/workflows/deploy.yml): a separate small stack,
 * `DeployRole-<stage>`, created only when context `githubRepo` names the repository and deployed
 * once by hand with an administrator's credentials. Separate because the pipeline must not be
 * able to widen its own trust or permissions, and the role has to exist before the first deploy.
 *
 * Trust: GitHub's OIDC tokens for this one repository's jobs that run in its GitHub environment
 * named after the stage (`prod`), audience STS. The environment is what a person approves (its
 * required reviewers) and what limits the refs that may deploy (its `v*` tag rule), so no other
 * job, branch or pull request of the repository can take the role. Permissions: only assuming the
 * CDK bootstrap roles `cdk deploy` uses (deploy, file publishing, lookup); what those may do is
 * set at bootstrap (docs/operations.md, "Deploy from GitHub").
 */
import { Aws, CfnOutput, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { StackProps } from 'aws-cdk-lib';
import { CfnOIDCProvider, PolicyStatement, Role, WebIdentityPrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';

export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';

/** The default qualifier of `cdk bootstrap`: its roles are `cdk-hnb659fds-<kind>-role-<account>-<region>`. */
export const CDK_BOOTSTRAP_QUALIFIER = 'hnb659fds';

/**
 * The bootstrap roles `cdk deploy` assumes: deploy (CloudFormation), file publishing (the Lambda
 * bundles and the site's files to the assets bucket), lookup (reading context). Not the image
 * publishing role: the app has no container image.
 */
export const CDK_BOOTSTRAP_ROLES = ['deploy', 'file-publishing', 'lookup'] as const;

/** The GitHub environment a stage's deploy job runs in: its name, so `prod` for prod. */
export const deployEnvironmentOf = (stage: string): string => stage;

export interface DeployRoleStackProps extends StackProps {
  readonly stage: string;
  /** `owner/name` of the repository whose environment's jobs may deploy. */
  readonly githubRepo: string;
  /** An existing GitHub OIDC provider of the account (one per account); unset: create it. */
  readonly oidcProviderArn?: string;
}

export class DeployRoleStack extends Stack {
  readonly role: Role;

  constructor(scope: Construct, id: string, props: DeployRoleStackProps) {
    super(scope, id, props);
    const environment = deployEnvironmentOf(props.stage);
    const providerArn =
      props.oidcProviderArn ??
      new CfnOIDCProvider(this, 'GithubOidcProvider', {
        url: `https://${GITHUB_OIDC_HOST}`,
        clientIdList: ['sts.amazonaws.com'],
      }).attrArn;
    this.role = new Role(this, 'DeployRole', {
      description: `GitHub Actions deploys Marketplace-${props.stage} from ${props.githubRepo}, environment ${environment}`,
      maxSessionDuration: Duration.hours(1),
      assumedBy: new WebIdentityPrincipal(providerArn, {
        StringEquals: {
          [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com',
          // Exact: a job gets this subject only inside the environment, after its approval.
          [`${GITHUB_OIDC_HOST}:sub`]: `repo:${props.githubRepo}:environment:${environment}`,
        },
      }),
    });
    const bootstrapRoles = CDK_BOOTSTRAP_ROLES.map(
      (kind) =>
        `arn:${Aws.PARTITION}:iam::${Aws.ACCOUNT_ID}:role/cdk-${CDK_BOOTSTRAP_QUALIFIER}-${kind}-role-${Aws.ACCOUNT_ID}-*`,
    );
    this.role.addToPolicy(
      new PolicyStatement({ actions: ['sts:AssumeRole'], resources: bootstrapRoles }),
    );
    for (const kind of CDK_BOOTSTRAP_ROLES) {
      Validations.of(this.role).acknowledge({
        id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:iam::<AWS::AccountId>:role/cdk-${CDK_BOOTSTRAP_QUALIFIER}-${kind}-role-<AWS::AccountId>-*]`,
        reason: `cdk deploy assumes the bootstrap ${kind} role of the region it deploys to (the name ends in the region); the region is the stack's, chosen at deploy.`,
      });
    }
    new CfnOutput(this, 'DeployRoleArn', { value: this.role.roleArn });
  }
}
