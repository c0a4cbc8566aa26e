/**
 * Sign-in for the marketplace: one Cognito user pool built from `contract/design/auth-design.ts`
 * (the same design the local stack gives cognito-local), its role groups and the web client.
 */
import { Duration, RemovalPolicy, Stack, Validations } from 'aws-cdk-lib';
import {
  AccountRecovery,
  CfnUserPoolGroup,
  FeaturePlan,
  Mfa,
  StandardThreatProtectionMode,
  StringAttribute,
  UserPool,
  UserPoolClient,
  UserPoolEmail,
} from 'aws-cdk-lib/aws-cognito';
import { Construct } from 'constructs';
import { authDesign } from '../../contract/design/auth-design';

export interface AuthProps {
  /** Keep the pool (deletion protection, RETAIN) instead of deleting it with the stack. */
  readonly retainData: boolean;
  /**
   * Cognito threat protection (`-c threatProtection=true`, on for prod): the Plus feature plan,
   * compromised-credential checks and adaptive authentication enforced. Off: the Essentials plan.
   * @default false
   */
  readonly threatProtection?: boolean;
  /**
   * The shortest password the pool takes (prod: `authDesign.productionPasswordMinLength`).
   * @default the product's `authDesign.passwordMinLength`
   */
  readonly passwordMinLength?: number;
  /**
   * Send the pool's e-mail (codes, password resets) through SES from this address and identity
   * (the newsletter's: a domain or the address itself). Unset: Cognito's own e-mail, which sends
   * at most 50 messages a day.
   */
  readonly sesEmail?: { readonly from: string; readonly identity: string };
}

/**
 * Cognito's e-mail through SES: Cognito sends as its service-linked role (created on first use);
 * the identity's default configuration set (the newsletter's) records bounces and complaints.
 */
const sesEmail = (scope: Construct, settings: NonNullable<AuthProps['sesEmail']>): UserPoolEmail =>
  UserPoolEmail.withSES({
    fromEmail: settings.from,
    // The stack has no fixed region outside prod: the identity is in the pool's own.
    sesRegion: Stack.of(scope).region,
    ...(settings.identity.includes('@') ? {} : { sesVerifiedDomain: settings.identity }),
  });

export class Auth extends Construct {
  readonly userPool: UserPool;
  readonly webClient: UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthProps) {
    super(scope, id);
    const passwordMinLength = props.passwordMinLength ?? authDesign.passwordMinLength;

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
        minLength: passwordMinLength,
        requireLowercase: false,
        requireUppercase: false,
        requireDigits: false,
        requireSymbols: false,
      },
      accountRecovery: AccountRecovery.EMAIL_ONLY,
      ...(props.sesEmail ? { email: sesEmail(this, props.sesEmail) } : {}),
      // Each user may add an authenticator app (Settings, Security); admins must
      // (docs/operations.md, "Admin MFA"). No SMS: it costs per message and is phishable.
      mfa: Mfa.OPTIONAL,
      mfaSecondFactor: { sms: false, otp: true },
      ...(props.threatProtection
        ? {
            featurePlan: FeaturePlan.PLUS,
            standardThreatProtectionMode: StandardThreatProtectionMode.FULL_FUNCTION,
          }
        : { featurePlan: FeaturePlan.ESSENTIALS }),
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
      // SRP only: the password never leaves the browser. The local stack's client also allows
      // USER_PASSWORD_AUTH (cognito-local has no SRP); the frontend picks the flow from
      // config.json's mode. CDK always adds ALLOW_REFRESH_TOKEN_AUTH.
      authFlows: { userSrp: true },
      // The site signs in with the SDK (SRP), never through Cognito's hosted pages: no OAuth flow
      // at all, rather than CDK's defaults (code and implicit grants, every scope, a callback to
      // https://example.com) that anyone could start from the pool's domain if it had one.
      disableOAuth: true,
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.minutes(authDesign.idTokenValidityMinutes),
      accessTokenValidity: Duration.minutes(authDesign.accessTokenValidityMinutes),
      refreshTokenValidity: Duration.days(authDesign.refreshTokenValidityDays),
    });

    Validations.of(this.userPool).acknowledge(
      {
        id: 'AwsSolutions-COG1',
        reason:
          passwordMinLength === authDesign.passwordMinLength
            ? 'The product fixes the password rule at a minimum of 6 characters with no character classes ("Password must be at least 6 characters").'
            : `Production asks for ${passwordMinLength} characters and no character classes: length, not composition, as NIST SP 800-63B advises.`,
      },
      {
        id: 'AwsSolutions-COG2',
        reason:
          'MFA is optional with an authenticator app for every user and required for admins by the API; buyers and sellers are not forced to set one up.',
      },
    );
    if (!props.threatProtection) {
      Validations.of(this.userPool).acknowledge({
        id: 'AwsSolutions-COG8',
        reason:
          'Threat protection (Plus feature plan) is switched on with -c threatProtection=true, by default for prod; other stages keep Essentials to save its per-user cost.',
      });
    }
  }
}
