/** `GET /api/stats`: the home hero's live figures, plus the two fixed marketing ones. */
export interface HomeStats {
  /** Deployments whose status is completed (Counter `deployments_completed`). */
  mvps_launched: number;
  /** Approved templates (CatalogVersion.approved_count). */
  templates: number;
}

/** Fixed marketing figures of the hero. */
export const AVERAGE_HOURS_TO_LAUNCH = 24;
export const SUCCESS_RATE_PERCENT = 98;
