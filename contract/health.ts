/** `GET /api/health` (public): what the `/status` page shows. Kept free of zod. */

export type HealthState = 'operational' | 'degraded' | 'down';

export interface HealthComponent {
  name: string;
  status: HealthState;
  /** One plain sentence for a visitor. */
  detail: string;
}

export interface HealthReport {
  /** The worst of the components. */
  status: HealthState;
  checked_at: string;
  components: HealthComponent[];
}

/** A template waiting longer than this for the scan → pin steps makes the pipeline degraded. */
export const PIPELINE_DEGRADED_AFTER_MINUTES = 15;

/** How often the status page asks again. */
export const HEALTH_REFRESH_SECONDS = 30;

export const HEALTH_LABELS: Record<HealthState, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};
