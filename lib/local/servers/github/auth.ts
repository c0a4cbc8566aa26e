/**
 * Who a request is: a user (an OAuth token `gho_…`/`ghu_…`), an installation (`ghs_…`), the
 * GitHub App itself (an RS256 JWT signed with the app's private key, verified with its public
 * key: `iss` the app id, `exp` at most 10 minutes ahead), or nobody. And what each may see and
 * change: a user their own repositories, an installation its account's, everyone public ones.
 */
import { createPublicKey, verify } from 'node:crypto';
import type { Context } from './context';
import { badCredentials, GithubApiError } from './http';
import type { StoredInstallation, StoredRepo, StoredUser } from './store';

export type Principal =
  | { kind: 'anonymous' }
  | { kind: 'user'; user: StoredUser; token: string }
  | { kind: 'installation'; installation: StoredInstallation; token: string }
  | { kind: 'app' };

const decodePart = (part: string): unknown =>
  JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** Verifies an app JWT; GitHub's 401 messages otherwise. */
const verifyAppJwt = (ctx: Context, jwt: string): Principal => {
  const app = ctx.state.app;
  const undecodable = () => new GithubApiError(401, 'A JSON web token could not be decoded');
  const [header, payload, signature] = jwt.split('.') as [string, string, string];
  let claims: { iss?: unknown; exp?: unknown; iat?: unknown };
  try {
    const head = decodePart(header) as { alg?: string };
    if (head.alg !== 'RS256') throw new Error('alg');
    claims = decodePart(payload) as typeof claims;
  } catch (_error) {
    throw undecodable();
  }
  if (!app) throw new GithubApiError(401, 'Integration not found');
  const valid = verify(
    'RSA-SHA256',
    Buffer.from(`${header}.${payload}`),
    createPublicKey(app.publicKey),
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) throw undecodable();
  // The app ID (or, as GitHub also accepts, its client ID); any other issuer is no app here.
  if (String(claims.iss) !== String(app.id) && String(claims.iss) !== app.clientId)
    throw new GithubApiError(401, 'Integration not found');
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || typeof claims.iat !== 'number') throw undecodable();
  if (claims.exp <= now)
    throw new GithubApiError(
      401,
      `'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires`,
    );
  if (claims.exp - now > 600 + 30 || claims.exp - claims.iat > 600 + 60)
    throw new GithubApiError(401, `'Expiration time' claim ('exp') is too far in the future`);
  if (claims.iat > now + 60)
    throw new GithubApiError(
      401,
      `'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued`,
    );
  return { kind: 'app' };
};

/** The request's principal; a wrong or expired credential is GitHub's 401 `Bad credentials`. */
export const authenticate = (ctx: Context, authorization: string | undefined): Principal => {
  if (!authorization) return { kind: 'anonymous' };
  const match = /^(token|bearer)\s+(\S+)$/i.exec(authorization.trim());
  if (!match) throw badCredentials();
  const credential = match[2]!;
  if (credential.split('.').length === 3) return verifyAppJwt(ctx, credential);
  return (
    principalOfToken(ctx, credential) ??
    (() => {
      throw badCredentials();
    })()
  );
};

/** A token's principal, or undefined when unknown or expired (also git's Basic passwords). */
export const principalOfToken = (ctx: Context, token: string): Principal | undefined => {
  const stored = ctx.state.tokens[token];
  if (!stored) return undefined;
  if (stored.kind === 'user') {
    const user = ctx.state.users[stored.login.toLowerCase()];
    return user ? { kind: 'user', user, token } : undefined;
  }
  if (new Date(stored.expires_at).getTime() <= Date.now()) return undefined;
  const installation = ctx.state.installations[String(stored.installation)];
  return installation ? { kind: 'installation', installation, token } : undefined;
};

/** The account whose repositories the principal owns (user: itself; installation: its account). */
const accountOf = (principal: Principal) =>
  principal.kind === 'user'
    ? principal.user.login.toLowerCase()
    : principal.kind === 'installation'
      ? principal.installation.account.toLowerCase()
      : undefined;

export const canRead = (principal: Principal, repo: StoredRepo) =>
  !repo.private || accountOf(principal) === repo.owner.toLowerCase();

export const canWrite = (principal: Principal, repo: StoredRepo) =>
  accountOf(principal) === repo.owner.toLowerCase();

export const requireUser = (principal: Principal): StoredUser => {
  if (principal.kind === 'user') return principal.user;
  if (principal.kind === 'installation')
    throw new GithubApiError(403, 'Resource not accessible by integration');
  if (principal.kind === 'app')
    throw new GithubApiError(403, 'Resource not accessible by integration');
  throw new GithubApiError(401, 'Requires authentication');
};

export const requireApp = (principal: Principal) => {
  if (principal.kind !== 'app')
    throw new GithubApiError(401, 'A JSON web token could not be decoded');
};
