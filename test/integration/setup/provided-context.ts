/**
 * What the integration global setup hands to every test file through Vitest's provide/inject:
 * the emulators' endpoints, the one user pool and the one local Stripe server of the run.
 */
export interface LocalCloudContext {
  dynamodbEndpoint: string;
  s3Endpoint: string;
  cognitoEndpoint: string;
  /** aws-ses-v2-local: the mailer's SES endpoint; `GET /store` lists every message sent. */
  sesEndpoint: string;
  /** cognito-local's working folder, where it keeps the pool (and pending confirmation codes). */
  cognitoDataDir: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The local Stripe server (lib/local/servers/stripe): STRIPE_API_URL, its keys and plan prices. */
  stripe: {
    apiUrl: string;
    secretKey: string;
    webhookSecret: string;
    prices: { basic: string; pro: string; premium: string };
  };
  /** The local GitHub server (lib/local/servers/github) with the marketplace's App configured. */
  github: {
    apiUrl: string;
    appId: number;
    appSlug: string;
    appPrivateKey: string;
    clientId: string;
    clientSecret: string;
    /** The OAuth app buyers connect GitHub with. */
    oauthClientId: string;
    oauthClientSecret: string;
  };
  /** The local Netlify server (lib/local/servers/netlify) with the marketplace's OAuth application. */
  netlify: { apiUrl: string; clientId: string; clientSecret: string };
  /** The local OSV server (lib/local/servers/osv) with its starting advisories. */
  osv: { apiUrl: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    localCloud: LocalCloudContext;
  }
}
