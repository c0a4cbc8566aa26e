/**
 * `/config.json` (contract 5): what the browser learns at boot about the stack it runs against.
 * The CDK checks what it writes into the site bucket with this schema at synth
 * (lib/constructs/web.ts), the local stack checks what it serves (lib/local/stack.ts), and the
 * frontend checks what it loads before first paint (frontend/src/lib/runtime-config.ts). The
 * frontend takes only the type from here, with a small parser of its own: zod on the boot path
 * would add ~7 kB gzipped to every page's first load. A property test holds that parser to this
 * schema (test/unit/frontend/lib/runtime-config.test.ts). Imports nothing of ours.
 */
import * as z from 'zod';

/** The launch moment when none is configured (`-c launchAt=…`, `LAUNCH_AT`): already past. */
export const DEFAULT_LAUNCH_AT = '2025-08-01T00:00:00Z';

const filled = z.string().min(1);

export const siteConfigSchema = z.object({
  /** `local` on a laptop, `cloud` when deployed: the footer badge says which. */
  mode: z.enum(['local', 'cloud']),
  region: filled,
  userPoolId: filled,
  userPoolClientId: filled,
  /** Only locally: the cognito-local URL Amplify talks to instead of AWS. */
  userPoolEndpoint: z
    .string()
    .regex(/^https?:\/\/\S+$/)
    .optional(),
  /** The API is always served under the site's own origin. */
  apiBaseUrl: z.literal('/api'),
  betaAccess: z.boolean(),
  /** ISO 8601: until then the launch overlay counts down. */
  launchAt: filled.refine((value) => !Number.isNaN(Date.parse(value)), 'not a date-time'),
  /**
   * `local`: stripe-node talks to the local Stripe-compatible server (lib/local/servers/stripe);
   * `stripe`: to Stripe itself (every deployment, and `npm start` with a real key in `.env`).
   */
  paymentsMode: z.enum(['local', 'stripe']),
  /**
   * Production's shortest password (8; contract/design/auth-design.ts), absent where the pool
   * takes the product's 6: the forms check and say the length the pool enforces.
   */
  passwordMinLength: z.literal(8).optional(),
});

export type SiteConfig = z.output<typeof siteConfigSchema>;
export type DeploymentMode = SiteConfig['mode'];
export type PaymentsMode = SiteConfig['paymentsMode'];

/** `config` checked against the contract; throws naming every bad field. */
export const checkSiteConfig = (config: unknown): SiteConfig => {
  const parsed = siteConfigSchema.safeParse(config);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
  throw new Error(`/config.json is invalid: ${problems.join('; ')}`);
};
