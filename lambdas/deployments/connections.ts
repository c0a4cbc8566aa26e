/**
 * A buyer's connections to GitHub and Netlify: the OAuth round trips, the tokens sealed at rest, the status
 * Settings shows, and disconnecting.
 *
 * - The `state` of each round trip is signed, single use, expiring and bound to the user and the
 *   provider (lambdas/shared/auth/oauth-state.ts): a replayed state, or another user's, is refused
 *   before the code is exchanged.
 * - A token is sealed by the token vault (purpose `<provider>-oauth-token`, owner the user id) the
 *   moment it is received, and opened only by the code that calls the provider with it. No answer
 *   and no log line contains one.
 */
import { consumeOAuthState, issueOAuthState } from '../shared/auth/oauth-state';
import { recordGithubUsername } from '../profiles/service';
import {
  exchangeGithubUserCode,
  githubAsUser,
  githubErrorStatus,
  githubUserAuthorizeUrl,
} from '../shared/adapters/github';
import {
  NetlifyOAuthError,
  exchangeNetlifyCode,
  netlifyAsUser,
  netlifyAuthorizeUrl,
} from '../shared/adapters/netlify';
import { config } from '../shared/config';
import {
  BUYER_GITHUB_CALLBACK_PATH,
  BUYER_NETLIFY_CALLBACK_PATH,
  DEPLOY_MESSAGES,
  type AuthorizeUrl,
  type Connections,
  type GithubCallbackResult,
  type OAuthCallbackBody,
} from '../../contract/deployments';
import { DependencyFailedError, ValidationError } from '../shared/errors';
import {
  asThirdPartyUnavailable,
  throwIfThirdPartyUnavailable,
} from '../shared/adapters/unavailable';
import { logger } from '../shared/observability';
import { deleteToken, getToken, listConnections } from './repo';
import { storeToken, type Provider } from './tokens';

const redirectUri = (path: string) => `${config().SITE_URL}${path}`;

/** The template a round trip was started for, kept in the state as `/mvp/<id>`. */
const TEMPLATE_RETURN = /^\/mvp\/([A-Za-z0-9_-]+)$/;
/** The deployment a Netlify round trip belongs to, kept as `/deployments/<id>`. */
const DEPLOYMENT_RETURN = /^\/deployments\/([0-9A-Z]{26})$/;

/** The buyer's GitHub login as stored when they connected, if connected. */
export const githubLoginOf = async (userId: string): Promise<string | null> =>
  (await getToken(userId, 'github'))?.account_login ?? null;

/** initiate-buyer-github-oauth: GitHub's authorize page, for a template or not. */
export const startGithubConnection = async (
  userId: string,
  templateId: string | undefined,
): Promise<AuthorizeUrl> => {
  const state = await issueOAuthState({
    userId,
    provider: 'github-user',
    ...(templateId !== undefined && { returnTo: `/mvp/${templateId}` }),
  });
  return { url: githubUserAuthorizeUrl(state, redirectUri(BUYER_GITHUB_CALLBACK_PATH)) };
};

/**
 * handle-buyer-github-callback: the state is consumed first (refused: nothing
 * else happens), then the code exchanged, the login read, the token sealed and stored, and the
 * login shown in Settings.
 */
export const completeGithubConnection = async (
  userId: string,
  body: OAuthCallbackBody,
): Promise<GithubCallbackResult> => {
  const { returnTo, giveBack } = await consumeOAuthState({
    state: body.state,
    userId,
    provider: 'github-user',
  });
  let token: string;
  let scopes: string[];
  let login: string;
  try {
    ({ token, scopes } = await exchangeGithubUserCode(
      body.code,
      redirectUri(BUYER_GITHUB_CALLBACK_PATH),
    ));
    const { data: user } = await (await githubAsUser(token, 'route')).rest.users.getAuthenticated();
    login = user.login;
  } catch (error) {
    // GitHub did not answer: the same callback works again once it does.
    if (asThirdPartyUnavailable(error)) await giveBack();
    throwIfThirdPartyUnavailable(error);
    // A refused code is the buyer's to retry; anything else is GitHub's or ours.
    const refused =
      (error instanceof Error &&
        /bad_verification_code|incorrect or expired/i.test(error.message)) ||
      githubErrorStatus(error) === 401;
    logger.warn('GitHub authorization failed', {
      refused,
      status: githubErrorStatus(error),
      name: (error as Error).name,
    });
    if (refused) throw new ValidationError(DEPLOY_MESSAGES.githubFailed);
    throw new DependencyFailedError(DEPLOY_MESSAGES.githubFailed);
  }
  await storeToken(userId, 'github', token, { scope: scopes.join(','), accountLogin: login });
  await recordGithubUsername(userId, login);
  return {
    success: true,
    github_username: login,
    mvp_id: TEMPLATE_RETURN.exec(returnTo ?? '')?.[1] ?? null,
    message: DEPLOY_MESSAGES.githubConnected,
  };
};

/** Settings → Connections → Disconnect GitHub: the token is deleted (and GitHub's grant stays theirs to revoke). */
export const disconnectGithub = async (userId: string): Promise<{ message: string }> => {
  await deleteToken(userId, 'github');
  await recordGithubUsername(userId, null);
  return { message: DEPLOY_MESSAGES.githubDisconnected };
};

/** Settings → Connections: which providers are connected, as whom; never a token. */
export const getConnections = async (userId: string): Promise<Connections> => {
  const stored = await listConnections(userId);
  const of = (provider: Provider) => {
    const found = stored.find((item) => item.provider === provider);
    return { provider, connected: Boolean(found), account_login: found?.account_login ?? null };
  };
  return { github: of('github'), netlify: of('netlify') };
};

/** initiate-netlify-oauth: Netlify's authorize page for one deployment. */
export const netlifyAuthorizeUrlFor = async (
  userId: string,
  deploymentId: string,
): Promise<AuthorizeUrl> => {
  const state = await issueOAuthState({
    userId,
    provider: 'netlify',
    returnTo: `/deployments/${deploymentId}`,
  });
  return { url: netlifyAuthorizeUrl(state, redirectUri(BUYER_NETLIFY_CALLBACK_PATH)) };
};

/**
 * The Netlify half of handle-netlify-callback: the state consumed (refused: nothing happens), the
 * code exchanged, the token sealed and stored. Returns the deployment the round trip was for.
 */
export const completeNetlifyConnection = async (
  userId: string,
  body: OAuthCallbackBody,
): Promise<string> => {
  const { returnTo, giveBack } = await consumeOAuthState({
    state: body.state,
    userId,
    provider: 'netlify',
  });
  const deploymentId = DEPLOYMENT_RETURN.exec(returnTo ?? '')?.[1];
  if (!deploymentId) throw new ValidationError(DEPLOY_MESSAGES.netlifyMissingParameters);
  let token: string;
  let accountLogin: string | undefined;
  try {
    token = await exchangeNetlifyCode(body.code, redirectUri(BUYER_NETLIFY_CALLBACK_PATH));
    const user = (await (await netlifyAsUser(token)).getCurrentUser()) as {
      slug?: string;
      full_name?: string;
    };
    accountLogin = user.slug ?? user.full_name;
  } catch (error) {
    // Netlify did not answer: the same callback works again once it does.
    if (asThirdPartyUnavailable(error)) await giveBack();
    throwIfThirdPartyUnavailable(error);
    logger.warn('Netlify authorization failed', { name: (error as Error).name });
    if (error instanceof NetlifyOAuthError)
      throw new ValidationError(DEPLOY_MESSAGES.netlifyFailed);
    throw new DependencyFailedError(DEPLOY_MESSAGES.netlifyFailed);
  }
  await storeToken(userId, 'netlify', token, {
    ...(accountLogin !== undefined && { accountLogin }),
  });
  return deploymentId;
};
