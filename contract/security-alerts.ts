/**
 * Security alerts per template (Settings → Notifications): the templates a buyer downloaded or
 * deployed, each with a switch. A muted template gets neither the in-app notification nor the
 * e-mail of a new vulnerability or of its fix; alerts are on until turned off.
 */
import * as z from 'zod';

export interface SecurityAlertSetting {
  mvp_id: string;
  title: string;
  /** Alerts of this template are on (the default). */
  alerts: boolean;
}

/** `GET /api/my/security-alerts`: every template the caller downloaded or deployed. */
export interface SecurityAlertSettings {
  items: SecurityAlertSetting[];
}

/** `PUT /api/my/security-alerts/{id}`. */
export const updateSecurityAlertSchema = z.object({
  alerts: z.boolean({ message: 'alerts must be true or false.' }),
});
export type UpdateSecurityAlert = z.output<typeof updateSecurityAlertSchema>;

export const SECURITY_ALERT_MESSAGES = {
  notHeld: 'You have not downloaded or deployed this template.',
  loadFailed: 'Failed to load your security alert settings.',
  updateFailed: 'Your security alert setting could not be saved.',
} as const;
