/**
 * `/config.json`, loaded once before the app renders (contract 5). The CDK writes it into the
 * site bucket at deploy time; the local server serves it. Nothing in the bundle is
 * target-specific: pool ids, the API base and the mode all come from here.
 *
 * The shape is the zod schema's in lambdas/shared/contracts/site-config.ts, which the CDK and the
 * local stack check with. Here it is checked by hand: this runs before first paint, and zod would
 * add ~7 kB gzipped to every page's initial JS for nine fields. A property test holds this parser
 * to the schema (test/unit/frontend/lib/runtime-config.test.ts).
 */
import type { SiteConfig } from '@contracts/site-config';

/** The shape the contract's zod schema gives; only the type is imported (see the header). */
export type RuntimeConfig = SiteConfig;

const DEPLOYMENT_MODES = ['local', 'cloud'] as const satisfies readonly SiteConfig['mode'][];
const PAYMENTS_MODES = [
  'offline',
  'stripe',
] as const satisfies readonly SiteConfig['paymentsMode'][];

/** Checks the parsed JSON; throws one error naming every bad field, so a broken deploy is obvious. */
export function parseRuntimeConfig(value: unknown): RuntimeConfig {
  if (typeof value !== 'object' || value === null) {
    throw new Error('/config.json is invalid: not an object');
  }
  const raw = value as Record<string, unknown>;
  const problems: string[] = [];
  const text = (key: string): string => {
    const field = raw[key];
    if (typeof field === 'string' && field.length > 0) return field;
    problems.push(`${key} must be a non-empty string`);
    return '';
  };
  const oneOf = <T extends string>(key: string, options: readonly T[]): T => {
    const field = raw[key];
    const match = options.find((option) => option === field);
    if (match === undefined) problems.push(`${key} must be one of ${options.join(', ')}`);
    return match ?? options[0];
  };

  const config: RuntimeConfig = {
    mode: oneOf('mode', DEPLOYMENT_MODES),
    region: text('region'),
    userPoolId: text('userPoolId'),
    userPoolClientId: text('userPoolClientId'),
    apiBaseUrl: oneOf('apiBaseUrl', ['/api'] as const),
    betaAccess: raw.betaAccess === true,
    launchAt: text('launchAt'),
    paymentsMode: oneOf('paymentsMode', PAYMENTS_MODES),
  };
  if (typeof raw.betaAccess !== 'boolean') problems.push('betaAccess must be a boolean');
  if (config.launchAt && Number.isNaN(Date.parse(config.launchAt))) {
    problems.push('launchAt must be a date-time');
  }
  if (raw.userPoolEndpoint !== undefined) {
    const endpoint = raw.userPoolEndpoint;
    if (typeof endpoint === 'string' && /^https?:\/\/\S+$/.test(endpoint)) {
      config.userPoolEndpoint = endpoint;
    } else {
      problems.push('userPoolEndpoint must be an http(s) URL');
    }
  }
  if (problems.length > 0) throw new Error(`/config.json is invalid: ${problems.join('; ')}`);
  return config;
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
  if (!loaded) throw new Error('Runtime config read before /config.json was loaded.');
  return loaded;
}

/** The footer badge text for the mode the stack runs in. */
export function describeMode(config: Pick<RuntimeConfig, 'mode' | 'paymentsMode'>): string {
  if (config.mode === 'local') return 'Local demo (offline adapters)';
  return config.paymentsMode === 'stripe' ? 'Live' : 'Cloud (offline payments)';
}
