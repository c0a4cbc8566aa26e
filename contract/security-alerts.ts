/**
 * Security alerts per template (Settings → Notifications): the templates a buyer downloaded or
 * deployed, each with a switch. A muted template gets neither the in-app notification nor the
 * e-mail of a new vulnerability or of its fix; alerts are on until turned off.
 */
import * as z from 'zod';
import type { Severity, SeverityCounts } from './security';

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
  adminListFailed: 'The list of templates with known vulnerabilities could not be loaded.',
} as const;

/** One advisory of a live version, as the admin's list names it. */
export interface LiveAdvisory {
  advisory_id: string;
  severity: Severity;
  package: string;
  /** The version the template pins. */
  version: string;
  /** The lowest release not affected; null: no fix published yet. */
  fixed_version: string | null;
  summary: string;
  url: string;
}

/** A live template whose live version has known advisories (the admin's Security tab). */
export interface LiveTemplateAdvisories {
  mvp_id: string;
  title: string;
  seller_id: string;
  /** The seller's public name, or null for a seller without a username. */
  seller_username: string | null;
  version_number: string;
  /** The worst severity among its advisories. */
  severity: Severity;
  counts: SeverityCounts;
  /** When the advisories were last looked up. */
  checked_at: string | null;
  /** Buyers who downloaded or deployed the live version: the people these advisories reach. */
  holders: number;
  /** Most severe first. */
  advisories: LiveAdvisory[];
}

/** `GET /api/admin/security-advisories`: most severe first, then by title. */
export interface LiveTemplateAdvisoriesList {
  items: LiveTemplateAdvisories[];
}
