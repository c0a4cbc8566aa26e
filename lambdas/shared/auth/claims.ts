/**
 * The caller's identity, read from the claims API Gateway's JWT authorizer (or the local adapter,
 * which reproduces it) put on the event after verifying the Cognito ID token. The Lambda never sees
 * an unverified token, so it trusts these claims; it never reads the Authorization header itself.
 */
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { SIGN_UP_ROLES } from '../../../contract/profile';

export type SignUpRole = (typeof SIGN_UP_ROLES)[number];

export interface AuthContext {
  /** The Cognito `sub`, which is also the profile id. */
  userId: string;
  email: string;
  /** Cognito groups; informative only, rights come from the profile. */
  groups: string[];
  /** The role picked on the sign-up screen (`custom:role`), only ever `buyer` or `seller`. */
  signUpRole: SignUpRole | null;
}

type ClaimValue = string | number | boolean | string[] | undefined;

/**
 * `cognito:groups` arrives as the text `[a b]` through API Gateway (claims are flattened to
 * strings), as a real array from other sources; both yield the same list.
 */
export const parseGroups = (value: ClaimValue): string[] => {
  if (Array.isArray(value)) return value.map(String).filter(Boolean);
  if (typeof value !== 'string') return [];
  return value
    .replace(/^\[|\]$/g, '')
    .split(/[\s,]+/)
    .map((group) => group.replace(/^"|"$/g, ''))
    .filter(Boolean);
};

/** Only the roles a visitor may pick count: a forged `custom:role` of `admin` is ignored. */
export const parseSignUpRole = (value: ClaimValue): SignUpRole | null =>
  typeof value === 'string' && (SIGN_UP_ROLES as readonly string[]).includes(value)
    ? (value as SignUpRole)
    : null;

/** Claims to identity; `null` when there are none (a public route) or they name no subject. */
export const authContextFromClaims = (
  claims: Record<string, ClaimValue> | undefined,
): AuthContext | null => {
  const sub = claims?.sub;
  if (typeof sub !== 'string' || sub === '') return null;
  return {
    userId: sub,
    email: typeof claims?.email === 'string' ? claims.email : '',
    groups: parseGroups(claims?.['cognito:groups']),
    signUpRole: parseSignUpRole(claims?.['custom:role']),
  };
};

interface JwtAuthorizerContext {
  jwt?: { claims?: Record<string, ClaimValue> };
}

/** The identity on an HTTP API event, or `null` for an anonymous caller. */
export const readAuthContext = (event: APIGatewayProxyEventV2): AuthContext | null => {
  // The plain v2 event type has no authorizer; the JWT variant is the same event with it filled in.
  const authorizer = (event.requestContext as { authorizer?: JwtAuthorizerContext }).authorizer;
  return authContextFromClaims(authorizer?.jwt?.claims);
};
