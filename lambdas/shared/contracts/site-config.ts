/**
 * `/config.json` (contract 5): what the browser learns at boot about the stack it runs against.
 * The CDK writes it into the site bucket (lib/constructs/web.ts), the local stack serves it
 * (lib/local/stack.ts), and the frontend checks it before first paint
 * (frontend/src/lib/runtime-config.ts, by hand: zod would add to every page's initial JS).
 */

export const DEPLOYMENT_MODES = ['local', 'cloud'] as const;
export const PAYMENTS_MODES = ['offline', 'stripe'] as const;

export type DeploymentMode = (typeof DEPLOYMENT_MODES)[number];
export type PaymentsMode = (typeof PAYMENTS_MODES)[number];

export interface SiteConfig {
  mode: DeploymentMode;
  region: string;
  userPoolId: string;
  userPoolClientId: string;
  /** Only locally: the cognito-local URL Amplify talks to instead of AWS. */
  userPoolEndpoint?: string;
  /** The API is always served under the site's own origin. */
  apiBaseUrl: '/api';
  betaAccess: boolean;
  /** ISO 8601: until then the launch overlay counts down (ARCHITECTURE.md). */
  launchAt: string;
  paymentsMode: PaymentsMode;
}

/** The launch moment when none is configured (`-c launchAt=…`, `LAUNCH_AT`): already past. */
export const DEFAULT_LAUNCH_AT = '2025-08-01T00:00:00Z';
