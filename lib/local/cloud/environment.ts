/**
 * The environment phase of the local stack: the handlers' variables built from what the earlier
 * phases made (the resources, the emulators' endpoints, the three servers) and set on this
 * process, before any lambdas/ module that reads them is imported.
 */
import type { LocalEmulators } from '../emulators/start';
import { LOCAL_TABLE_NAME, type LocalResources } from '../emulators/provision';
import { localBucketNames } from '../emulators/resources';
import {
  LOCAL_GITHUB_APP,
  LOCAL_GITHUB_OAUTH_CLIENT_ID,
  LOCAL_NETLIFY_CLIENT_ID,
  type LocalServers,
} from '../servers/start';
import { applyLambdaEnvironment, lambdaEnvironment } from './lambda-env';

export interface HandlerEnvironmentInput {
  emulators: LocalEmulators;
  resources: LocalResources;
  servers: LocalServers;
  siteUrl: string;
  /** The local preview server's origin (preview-edge.ts). */
  previewOrigin: string;
  betaAccess: boolean;
}

/** Builds the handlers' variables, sets them on `process.env` and returns them. */
export const applyHandlerEnvironment = (input: HandlerEnvironmentInput): Record<string, string> => {
  const { emulators, resources, servers } = input;
  const env = lambdaEnvironment({
    tableName: LOCAL_TABLE_NAME,
    buckets: localBucketNames,
    secrets: servers.secrets,
    tokenLocalKey: resources.tokenLocalKey,
    ...resources.userPool,
    endpoints: {
      dynamodb: emulators.dynamo.endpoint,
      s3: emulators.s3.endpoint,
      cognito: emulators.cognito.endpoint,
      ses: emulators.ses.endpoint,
    },
    siteUrl: input.siteUrl,
    previewOrigin: input.previewOrigin,
    betaAccess: input.betaAccess,
    stripe: servers.stripe
      ? { apiUrl: servers.stripe.endpoint, prices: servers.stripe.prices }
      : { prices: servers.realStripe?.prices },
    github: {
      apiUrl: servers.github.endpoint,
      appId: LOCAL_GITHUB_APP.id,
      appSlug: LOCAL_GITHUB_APP.slug,
      clientId: LOCAL_GITHUB_APP.clientId,
      oauthClientId: LOCAL_GITHUB_OAUTH_CLIENT_ID,
    },
    netlify: { apiUrl: servers.netlify.endpoint, clientId: LOCAL_NETLIFY_CLIENT_ID },
    osv: { apiUrl: servers.osv.endpoint },
  });
  applyLambdaEnvironment(env);
  return env;
};
