/** `GET /api/health` (public): what the `/status` page shows. Kept free of zod. */

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
