/**
 * Telling holders of the advisories a version ALREADY had when they got it (docs/operations.md,
 * "Security re-check"): the re-check (service.ts) tells only of advisories found later, so a buyer
 * who downloaded or deployed a version published with a known advisory would otherwise never hear
 * of it. Each holder who has not been told of an advisory of the template gets one notification
 * per version they hold, naming every such advisory, with a SecurityAlert marker of kind `finding`
 * per advisory in the notification's own transaction: the same markers the re-check writes, so a
 * buyer is told of one advisory of one template once, whichever path tells them first, and a
 * re-run or a second trigger at once writes nothing. The seller is not told (their dashboard and
 * the review show the report); a buyer who muted the template is not told.
 *
 * Run when a version goes live (new-version.ts: holders of that version number), when a buyer
 * downloads a version with advisories (the buyer-deploy state machine's phase `advisories`,
 * started by the download: tellDownloaderOfKnownFindings), when a buyer's deployment finishes (the buyer-deploy
 * state machine: tellDeployerOfKnownFindings), and by the daily re-check for every live and
 * deployed version, catching up anyone no earlier trigger reached (a trigger that failed).
 */
import type { SecurityFinding } from '../../contract/security';
import { templateHeadOf } from '../catalog/live-templates';
import { finishedHoldingOf } from '../deployments/security-holders';
import { reportsByVersionNumber } from '../security/stored-reports';
import { notificationWrites, sendQueuedEmails } from '../notifications/service';
import { describeFinding, holdersOfTemplate, securityPanelLink, type LiveTemplate } from './alerts';
import {
  alertKey,
  findMutedUsers,
  findSentAlerts,
  recordAlert,
  type SecurityAlertItem,
} from './repo';

/** A notification's transaction has room for this many markers beside its three writes. */
const MAX_MARKERS = 90;

/** The template a notice names: its id, seller and title. */
export type TemplateHead = Pick<LiveTemplate, 'id' | 'seller_id' | 'title'>;

/** version number → the version's findings (checked reports with findings only). */
export type FindingsByVersion = ReadonlyMap<string, readonly SecurityFinding[]>;

/** The checked versions of a template that have findings, by version number. */
export const knownFindingsOf = async (templateId: string): Promise<FindingsByVersion> => {
  const byVersion = new Map<string, SecurityFinding[]>();
  for (const [version, report] of await reportsByVersionNumber(templateId))
    if (report.status === 'checked' && report.findings.length > 0)
      byVersion.set(version, report.findings);
  return byVersion;
};

const countWords = (count: number) =>
  count === 1 ? 'a known vulnerability' : `${count} known vulnerabilities`;

/** The buyer's message: the version they have, each advisory with its fix, and where to read more. */
export const knownFindingsMessage = (
  template: TemplateHead,
  version: string,
  findings: readonly SecurityFinding[],
) =>
  `${template.title} ${version}, the version you have, has ${countWords(findings.length)}: ${findings
    .map(describeFinding)
    .join('; ')}. The template's Security panel shows each one and how to fix it.`;

export interface KnownFindingsOptions {
  /** Only these users (a buyer who just downloaded or deployed); every holder otherwise. */
  only?: ReadonlySet<string>;
  now?: string;
  /** Sends the queued e-mails at once when something was written (default true). */
  sendEmails?: boolean;
}

/**
 * Tells each holder of a version in `findings` of the advisories of it they were not told of.
 * Returns how many notifications were written (0 when everyone was told already).
 */
export const tellHoldersOfKnownFindings = async (
  template: TemplateHead,
  findings: FindingsByVersion,
  holders: ReadonlyMap<string, ReadonlySet<string>>,
  options: KnownFindingsOptions = {},
): Promise<number> => {
  const now = options.now ?? new Date().toISOString();
  const markerOf = (userId: string, version: string, finding: SecurityFinding) =>
    ({
      user_id: userId,
      mvp_id: template.id,
      kind: 'finding',
      advisory_id: finding.advisory_id,
      version_number: version,
      created_at: now,
    }) satisfies SecurityAlertItem;
  // One plan per (holder, version); an advisory is planned once per holder, in its first version.
  const plans: { userId: string; version: string; findings: SecurityFinding[] }[] = [];
  const planned = new Set<string>();
  for (const [version, versionFindings] of findings)
    for (const userId of holders.get(version) ?? []) {
      if (userId === template.seller_id || (options.only && !options.only.has(userId))) continue;
      const fresh = versionFindings.filter((finding) => {
        const key = alertKey(markerOf(userId, version, finding));
        if (planned.has(key)) return false;
        planned.add(key);
        return true;
      });
      if (fresh.length > 0) plans.push({ userId, version, findings: fresh });
    }
  if (plans.length === 0) return 0;
  // Told already: of the finding, or of a version that fixes it (which names the advisory too).
  const keys = plans.flatMap((p) => p.findings.map((f) => markerOf(p.userId, p.version, f)));
  const [muted, sent] = await Promise.all([
    findMutedUsers(template.id, [...new Set(plans.map((plan) => plan.userId))]),
    findSentAlerts([...keys, ...keys.map((key) => ({ ...key, kind: 'fix' as const }))]),
  ]);
  const told = (marker: SecurityAlertItem) =>
    sent.has(alertKey(marker)) || sent.has(alertKey({ ...marker, kind: 'fix' }));
  let written = 0;
  for (const plan of plans) {
    if (muted.has(plan.userId)) continue;
    const untold = plan.findings
      .filter((finding) => !told(markerOf(plan.userId, plan.version, finding)))
      .slice(0, MAX_MARKERS);
    if (untold.length === 0) continue;
    const input = {
      userId: plan.userId,
      type: 'security_finding' as const,
      message: knownFindingsMessage(template, plan.version, untold),
      link: securityPanelLink(template.id),
    };
    const markers = untold.map((finding) => markerOf(plan.userId, plan.version, finding));
    if (await recordAlert(markers, notificationWrites(input, now))) written += 1;
  }
  if (written > 0 && options.sendEmails !== false) await sendQueuedEmails();
  return written;
};

/**
 * The holders of a template told of the known advisories of the version they hold: of `version`
 * only when given (a version going live), of every version otherwise. Reads the reports and the
 * holders itself.
 */
export const tellTemplateHoldersOfKnownFindings = async (
  template: TemplateHead,
  options: KnownFindingsOptions & { version?: string } = {},
): Promise<number> => {
  const all = await knownFindingsOf(template.id);
  const findings =
    options.version === undefined
      ? all
      : new Map([...all].filter(([version]) => version === options.version));
  if (findings.size === 0) return 0;
  return tellHoldersOfKnownFindings(
    template,
    findings,
    await holdersOfTemplate(template.id),
    options,
  );
};

/**
 * A finished deployment's buyer told of the known advisories of the version they deployed (the
 * buyer-deploy state machine, once the repository or the site is done). The e-mail goes out with
 * the next run of the notification e-mails schedule. Returns how many notifications were written.
 */
export const tellDeployerOfKnownFindings = async (deploymentId: string): Promise<number> => {
  const holding = await finishedHoldingOf(deploymentId);
  if (!holding) return 0;
  const [template, all] = await Promise.all([
    templateHeadOf(holding.templateId),
    knownFindingsOf(holding.templateId),
  ]);
  const findings = all.get(holding.versionNumber);
  if (!template || !findings) return 0;
  return tellHoldersOfKnownFindings(
    template,
    new Map([[holding.versionNumber, findings]]),
    new Map([[holding.versionNumber, new Set([holding.userId])]]),
    { sendEmails: false },
  );
};

/** What a buyer just downloaded: the template and the version number of its file. */
export interface DownloadedVersion {
  userId: string;
  templateId: string;
  versionNumber: string;
}

/**
 * A buyer who just downloaded a version told of its known advisories they were not told of (the
 * buyer-deploy state machine's phase `advisories`, which the download starts only for a version
 * with advisories). The same markers as every other path: a second download of the version, or a
 * deploy of it later, tells nothing again. The e-mail goes out with the next run of the
 * notification e-mails schedule. Returns how many notifications were written.
 */
export const tellDownloaderOfKnownFindings = async (
  downloaded: DownloadedVersion,
): Promise<number> => {
  const { userId, templateId, versionNumber } = downloaded;
  const [template, all] = await Promise.all([
    templateHeadOf(templateId),
    knownFindingsOf(templateId),
  ]);
  const findings = all.get(versionNumber);
  if (!template || !findings) return 0;
  return tellHoldersOfKnownFindings(
    template,
    new Map([[versionNumber, findings]]),
    new Map([[versionNumber, new Set([userId])]]),
    { sendEmails: false },
  );
};
