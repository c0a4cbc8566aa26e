/**
 * The user pool's design, read by the CDK auth stack and by the local stack when it creates the
 * pool in cognito-local, so both targets sign users in by the same rules.
 */

/** The four roles, each a Cognito group (the profile mirrors it). */
export const ROLES = ['buyer', 'seller', 'both', 'admin'] as const;

export const authDesign = {
  /** Roles are Cognito groups, mirrored on the profile. */
  groups: ROLES,
  /** The product's minimum; shorter than cdk-nag's default, acknowledged there. */
  passwordMinLength: 6,
  /**
   * The production pool's minimum: 8, NIST SP 800-63B's floor for a password chosen by its user
   * (length, not character classes). The local stack and the other stages keep the product's 6.
   */
  productionPasswordMinLength: 8,
  /** Email is the username; users sign up themselves and recover their account by email. */
  usernameAttribute: 'email',
  selfSignUp: true,
  /**
   * The local stack's web client: USER_PASSWORD_AUTH because cognito-local has no SRP, refresh
   * for long sessions (SRP listed so both clients share it).
   */
  clientAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  /** The cloud's web client: SRP only, so the password never leaves the browser. */
  cloudClientAuthFlows: ['ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
  /** Second factor: an authenticator app (TOTP), optional for users, required for admins. */
  mfa: 'OPTIONAL',
  enabledMfas: ['SOFTWARE_TOKEN_MFA'],
  idTokenValidityMinutes: 60,
  accessTokenValidityMinutes: 60,
  refreshTokenValidityDays: 30,
  /** The custom attribute that carries the role chosen on the sign-up screen. */
  roleAttribute: 'custom:role',
} as const;
