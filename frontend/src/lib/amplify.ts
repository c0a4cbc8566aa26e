/**
 * Amplify Auth, loaded on demand. Every auth call is async anyway, so the library stays out of
 * the initial bundle: the first call imports it and configures it from `/config.json`.
 * Sign-in uses SRP in the cloud (the password never leaves the browser; the cloud's app client
 * allows nothing else) and USER_PASSWORD_AUTH only against the local stack, whose cognito-local
 * has no SRP: `authFlowType` reads which from `/config.json`.
 */
import { getRuntimeConfig, type RuntimeConfig } from './runtime-config';

type AuthModule = typeof import('aws-amplify/auth');
type HubModule = typeof import('aws-amplify/utils');

export interface LoadedAuth {
  auth: AuthModule;
  hub: HubModule['Hub'];
}

let loading: Promise<LoadedAuth> | undefined;
const onLoad: ((loaded: LoadedAuth) => void)[] = [];

/**
 * Whether this browser holds a Cognito session (Amplify keeps `LastAuthUser` in local storage per
 * app client). Without one, nobody can be signed in, so visitors never download Amplify (~57 kB
 * gzipped) until they open the sign-in screen or sign in.
 */
export function hasStoredSession(): boolean {
  try {
    return Object.keys(localStorage).some(
      (key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser'),
    );
  } catch (_error) {
    return false;
  }
}

/** Runs `callback` once Amplify is loaded (at once when it already is). */
export function whenAuthLoaded(callback: (loaded: LoadedAuth) => void): void {
  if (loading) void loading.then(callback);
  else onLoad.push(callback);
}

/** Imports and configures Amplify once; later calls share the same promise. */
export function loadAuth(): Promise<LoadedAuth> {
  loading ??= (async () => {
    const [{ Amplify }, auth, utils] = await Promise.all([
      import('aws-amplify'),
      import('aws-amplify/auth'),
      import('aws-amplify/utils'),
    ]);
    const config = getRuntimeConfig();
    Amplify.configure({
      Auth: {
        Cognito: {
          userPoolId: config.userPoolId,
          userPoolClientId: config.userPoolClientId,
          ...(config.userPoolEndpoint ? { userPoolEndpoint: config.userPoolEndpoint } : {}),
          loginWith: { email: true },
        },
      },
    });
    const loaded = { auth, hub: utils.Hub };
    for (const callback of onLoad.splice(0)) callback(loaded);
    return loaded;
  })();
  return loading;
}

export type AuthFlowType = 'USER_SRP_AUTH' | 'USER_PASSWORD_AUTH';

/** The sign-in flow for where the site runs: SRP in the cloud, plain password only locally. */
export const authFlowTypeFor = (mode: RuntimeConfig['mode']): AuthFlowType =>
  mode === 'local' ? 'USER_PASSWORD_AUTH' : 'USER_SRP_AUTH';

/** The flow to pass to every `signIn`, from the loaded `/config.json`. */
export const authFlowType = (): AuthFlowType => authFlowTypeFor(getRuntimeConfig().mode);

/** The current ID token (what the API's JWT authorizer checks), or undefined when signed out. */
export async function getIdToken(): Promise<string | undefined> {
  if (!loading && !hasStoredSession()) return undefined;
  const { auth } = await loadAuth();
  try {
    const session = await auth.fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch (_error) {
    // A failed refresh means signed out for the API's purposes; the session provider reacts.
    return undefined;
  }
}
