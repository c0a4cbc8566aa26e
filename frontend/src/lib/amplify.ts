/**
 * Amplify Auth, loaded on demand. Every auth call is async anyway, so the library stays out of
 * the initial bundle: the first call imports it and configures it from `/config.json`.
 * Sign-in always uses USER_PASSWORD_AUTH because cognito-local supports no other flow and the
 * cloud app client allows it too (ARCHITECTURE.md).
 */
import { getRuntimeConfig } from './runtime-config';

type AuthModule = typeof import('aws-amplify/auth');
type HubModule = typeof import('aws-amplify/utils');

let loading: Promise<{ auth: AuthModule; hub: HubModule['Hub'] }> | undefined;

/** Imports and configures Amplify once; later calls share the same promise. */
export function loadAuth(): Promise<{ auth: AuthModule; hub: HubModule['Hub'] }> {
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
    return { auth, hub: utils.Hub };
  })();
  return loading;
}

/** The flow both targets support; pass it to every `signIn`. */
export const AUTH_FLOW_TYPE = 'USER_PASSWORD_AUTH' as const;

/** The current ID token (what the API's JWT authorizer checks), or undefined when signed out. */
export async function getIdToken(): Promise<string | undefined> {
  const { auth } = await loadAuth();
  try {
    const session = await auth.fetchAuthSession();
    return session.tokens?.idToken?.toString();
  } catch (_error) {
    // A failed refresh means signed out for the API's purposes; the session provider reacts.
    return undefined;
  }
}
