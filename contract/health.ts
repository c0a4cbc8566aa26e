/** `GET /api/health` (public): what the `/status` page shows. Kept free of zod. */
import { THIRD_PARTY_NAMES } from './third-parties';

export type HealthState = 'operational' | 'degraded' | 'down';

export interface HealthComponent {
  name: string;
  status: HealthState;
  /** One plain sentence for a visitor. */
  detail: string;
}

export interface HealthReport {
  /**
   * `operational` when every component is; `degraded` when one is slow or down (the API itself
   * answered, so the marketplace is not down as a whole). The page says `down` only when this
   * report cannot be fetched at all.
   */
  status: HealthState;
  checked_at: string;
  components: HealthComponent[];
}

/**
 * The report's components, in the order it lists them: the API itself, each dependency our
 * functions talk to (one check each, lambdas/stats/health.ts), then the processing pipeline.
 */
export const HEALTH_COMPONENTS = {
  api: 'API',
  database: 'Database',
  files: 'File storage',
  signIn: 'Sign-in service',
  payments: `Payments (${THIRD_PARTY_NAMES.stripe})`,
  github: THIRD_PARTY_NAMES.github,
  netlify: THIRD_PARTY_NAMES.netlify,
  email: `E-mail (${THIRD_PARTY_NAMES.ses})`,
  pipeline: 'Processing pipeline',
} as const;

/** The component names in the report's order. */
export const HEALTH_COMPONENT_NAMES: readonly string[] = Object.values(HEALTH_COMPONENTS);

/** A template waiting longer than this for the scan → pin steps makes the pipeline degraded. */
export const PIPELINE_DEGRADED_AFTER_MINUTES = 15;

/**
 * Each dependency's check (a read of the table; one HTTP request to each service's endpoint) gets
 * this long; all run at once, so the report answers within about this, whatever is down.
 */
export const HEALTH_CHECK_TIMEOUT_MS = 2_000;

/** A dependency answering slower than this is reported as degraded ("slow"). */
export const HEALTH_SLOW_MS = 1_000;

/** How often the status page asks again. */
export const HEALTH_REFRESH_SECONDS = 30;

export const HEALTH_LABELS: Record<HealthState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};
