/**
 * `/config.json`, loaded once before the app renders (contract 5). The CDK writes it into the
 * site bucket at deploy time; the local server serves it. Nothing in the bundle is
 * target-specific: pool ids, the API base and the mode all come from here.
 *
 * The shape is the zod schema's in contract/design/site-config.ts, which the CDK and the
 * local stack check with. Here it is checked by hand: this runs before first paint, and zod would
 * add ~7 kB gzipped to every page's initial JS for nine fields. A property test holds this parser
 * to the schema (test/unit/frontend/lib/runtime-config.test.ts).
 */
import type { SiteConfig } from '@contract/design/site-config';

/** The shape the contract's zod schema gives; only the type is imported (see the header). */
export type RuntimeConfig = SiteConfig;

type Check = (value: unknown) => boolean;
const filled: Check = (value) => typeof value === 'string' && value.length > 0;
const FILLED: [Check, string] = [filled, 'a non-empty string'];
/** A check that the value is one of `options`, and its words. */
const oneOf = (...options: string[]): [Check, string] => [
  (value) => options.includes(value as string),
  `one of ${options.join(', ')}`,
];

/** Each field's check and what its value must be, in the order problems are listed. */
const checks: Record<keyof SiteConfig, [Check, string]> = {
  mode: oneOf('local', 'cloud'),
  region: FILLED,
  userPoolId: FILLED,
  userPoolClientId: FILLED,
  userPoolEndpoint: [
    (value) => value === undefined || (filled(value) && /^https?:\/\/\S+$/.test(value as string)),
    'an http(s) URL',
  ],
  apiBaseUrl: oneOf('/api'),
  betaAccess: [(value) => typeof value === 'boolean', 'a boolean'],
  launchAt: [(value) => filled(value) && !Number.isNaN(Date.parse(value as string)), 'a date-time'],
  paymentsMode: oneOf('local', 'stripe'),
  passwordMinLength: [(value) => value === undefined || value === 8, '8'],
};

/** Checks the parsed JSON; throws one error naming every bad field, so a broken deploy is obvious. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) {
    throw new Error('/config.json is invalid: not an object');
  }
  const raw = value as Record<string, unknown>;
  const fields = Object.entries(checks);
  const problems = fields
    .filter(([key, [check]]) => !check(raw[key]))
    .map(([key, [, must]]) => `${key} must be ${must}`);
  if (problems.length > 0) throw new Error(`/config.json is invalid: ${problems.join('; ')}`);
  // Only the contract's fields, as the schema keeps them (unknown ones are dropped).
  return Object.fromEntries(
    fields.filter(([key]) => raw[key] !== undefined).map(([key]) => [key, raw[key]]),
  ) as RuntimeConfig;
}

let loaded: RuntimeConfig | undefined;

/** Fetches and checks `/config.json`; a malformed file fails loudly at boot, not later. */
export async function loadRuntimeConfig(fetchFn: typeof fetch = fetch): Promise<RuntimeConfig> {
  const response = await fetchFn('/config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`/config.json answered ${response.status}`);
  loaded = parseRuntimeConfig(await response.json());
  return loaded;
}

/** The config loaded at boot. Calling it earlier is a programming error. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!loaded) throw new Error('/config.json not loaded yet');
  return loaded;
}

/** The footer badge text for the mode the stack runs in. */
export function describeMode(config: Pick<RuntimeConfig, 'mode' | 'paymentsMode'>): string {
  if (config.mode === 'local') {
    return config.paymentsMode === 'stripe'
      ? 'Local demo (real Stripe)'
      : 'Local demo (local Stripe server, test cards)';
  }
  return 'Live';
}
