/**
 * Telling people of a new finding: the template's seller, and every buyer who downloaded or
 * deployed the affected version, once per advisory of the template (docs/operations.md,
 * "Security re-check"). Each notification is written with its SecurityAlert marker in one
 * transaction, created only if absent: a retried run, or two runs at once, tell nobody twice. A
 * buyer who muted the template is not told (neither in the app nor by e-mail).
 */
import { SEVERITY_LABELS, type SecurityFinding } from '../../contract/security';
import { deploymentHoldingsOfTemplate } from '../deployments/security-holders';
import { downloadedVersionsOfTemplate } from '../downloads/security-holders';
import { notificationWrites, type NotificationInput } from '../notifications/service';
import {
  alertKey,
  findMutedUsers,
  findSentAlerts,
  recordAlert,
  type SecurityAlertItem,
} from './repo';

export interface LiveTemplate {
  id: string;
  seller_id: string;
  title: string;
  version_number: string;
}

/** The template page's Security panel: the advisory and the version that fixes it. */
export const securityPanelLink = (templateId: string) => `/mvp/${templateId}#security`;

/** One finding in words: advisory, severity, package and version, and its fix. */
export const describeFinding = (finding: SecurityFinding) =>
  `${finding.advisory_id} (${SEVERITY_LABELS[finding.severity].toLowerCase()}) in ${finding.package} ${finding.version}${
    finding.fixed_version ? `, fixed in ${finding.fixed_version}` : ', no fix published yet'
  }`;

const sellerMessage = (template: LiveTemplate, version: string, finding: SecurityFinding) =>
  `A vulnerability was found in ${template.title} ${version}: ${describeFinding(finding)}. Buyers who use this version have been told; publish a version that upgrades it to offer them the fix.`;

const buyerMessage = (template: LiveTemplate, finding: SecurityFinding) =>
  `A vulnerability was found in ${template.title} you use: ${describeFinding(finding)}. The seller has been told. See the advisory and the fix on the template's Security panel.`;

/** Who holds each version of a template (downloaded it, or has a finished deployment of it). */
export const holdersOfTemplate = async (templateId: string) => {
  const [downloads, deployments] = await Promise.all([
    downloadedVersionsOfTemplate(templateId),
    deploymentHoldingsOfTemplate(templateId),
  ]);
  const byVersion = new Map<string, Set<string>>();
  const add = (version: string, userId: string) => {
    const users = byVersion.get(version) ?? new Set<string>();
    users.add(userId);
    byVersion.set(version, users);
  };
  for (const [userId, versions] of downloads) for (const version of versions) add(version, userId);
  for (const holding of deployments)
    if (holding.finished) add(holding.versionNumber, holding.userId);
  return byVersion;
};

export interface NewFinding {
  version_number: string;
  finding: SecurityFinding;
}

/**
 * Tells the seller and the holders of each affected version of one template about its new
 * findings. Returns how many notifications were written (0 for people already told).
 */
export const alertNewFindings = async (
  template: LiveTemplate,
  newFindings: readonly NewFinding[],
  holders: Map<string, Set<string>>,
  now: string,
): Promise<number> => {
  // One alert per (person, advisory): the first affected version found names it.
  const planned = new Map<string, { marker: SecurityAlertItem; input: NotificationInput }>();
  const plan = (userId: string, entry: NewFinding, message: string) => {
    const marker: SecurityAlertItem = {
      user_id: userId,
      mvp_id: template.id,
      kind: 'finding',
      advisory_id: entry.finding.advisory_id,
      version_number: entry.version_number,
      created_at: now,
    };
    if (planned.has(alertKey(marker))) return;
    planned.set(alertKey(marker), {
      marker,
      input: { userId, type: 'security_finding', message, link: securityPanelLink(template.id) },
    });
  };
  const buyers = new Set<string>();
  for (const entry of newFindings) {
    plan(template.seller_id, entry, sellerMessage(template, entry.version_number, entry.finding));
    for (const userId of holders.get(entry.version_number) ?? [])
      if (userId !== template.seller_id) {
        buyers.add(userId);
        plan(userId, entry, buyerMessage(template, entry.finding));
      }
  }
  const muted = await findMutedUsers(template.id, [...buyers]);
  const sent = await findSentAlerts([...planned.values()].map(({ marker }) => marker));
  let written = 0;
  for (const [key, { marker, input }] of planned) {
    if (sent.has(key) || (marker.user_id !== template.seller_id && muted.has(marker.user_id)))
      continue;
    if (await recordAlert([marker], notificationWrites(input, now))) written += 1;
  }
  return written;
};
