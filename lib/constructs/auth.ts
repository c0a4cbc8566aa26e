/**
 * Sign-in for the marketplace: one Cognito user pool built from `lib/definitions/auth-design.ts`
 * (the same design the local stack gives cognito-local), its role groups and the web client.
 */
import { Duration, RemovalPolicy, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  StringAttribute,
  UserPool,
  UserPoolClient,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { authDesign } from '../../contract/design/auth-design';

export interface AuthProps {
  /** Keep the pool (deletion protection, RETAIN) instead of deleting it with the stack. */
  readonly retainData: boolean;
}

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);

    this.userPool = new UserPool(this, 'UserPool', {
      signInAliases: { email: authDesign.usernameAttribute === 'email' },
      selfSignUpEnabled: authDesign.selfSignUp,
      autoVerify: { email: true },
      keepOriginal: { email: true },
      standardAttributes: { email: { required: true, mutable: true } },
      customAttributes: {
        // `custom:role`: the role picked on the sign-up screen (buyer or seller).
        [authDesign.roleAttribute.replace(/^custom:/, '')]: new StringAttribute({
          minLen: 1,
          maxLen: 16,
          mutable: true,
        }),
      },
      passwordPolicy: {
        minLength: authDesign.passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      featurePlan: FeaturePlan.ESSENTIALS,
      deletionProtection: props.retainData,
      removalPolicy: props.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });

    // Roles are groups; the L1 keeps the group names exactly as designed.
    for (const group of authDesign.groups) {
      new CfnUserPoolGroup(this, `Group-${group}`, {
        userPoolId: this.userPool.userPoolId,
        groupName: group,
        description: `Users with the ${group} role`,
      });
    }

    this.webClient = this.userPool.addClient('WebClient', {
      // A browser cannot keep a secret.
      generateSecret: false,
      // SRP for the cloud, USER_PASSWORD_AUTH because cognito-local supports nothing else and the
      // web client uses one flow in both targets; CDK always adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { userSrp: true, userPassword: true },
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(authDesign.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(authDesign.accessTokenValidityMinutes),
      refreshTokenValidity: Duration.days(authDesign.refreshTokenValidityDays),
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          'The product fixes the password rule at a minimum of 6 characters with no character classes ("Password must be at least 6 characters").',
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'The product has no MFA step in sign-in or settings; MFA can be switched on later without changing the client flows.',
      },
      {
        id: 'AwsSolutions-COG8',
        reason:
          'The Plus feature plan (threat protection) is not needed at launch; Essentials covers the product’s sign-in flows.',
      },
    );
  }
}
