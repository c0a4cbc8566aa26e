/**
 * When a version that fixes a finding goes live (processing's Publish, an admin's approval): each
 * buyer whose version had an advisory the new live version no longer has is told once per
 * advisory (SecurityAlert markers of kind `fix`, in the notification's transaction). A buyer with a
 * finished deployment gets "Open security upgrade pull request" (the existing upgrade path, whose
 * body lists the advisories fixed); a buyer who only downloaded gets the changelog and a download
 * again that spends no quota (lambdas/downloads/security-fix.ts). Muted templates tell nobody.
 */
import { SEVERITY_LABELS, type SecurityFinding } from '../../contract/security';
import { versionHistoryOf } from '../catalog/template-items';
import { deploymentHoldingsOfTemplate } from '../deployments/security-holders';
import { lastDownloadedVersionsOfTemplate } from '../downloads/security-holders';
import { notificationWrites, sendQueuedEmails } from '../notifications/service';
import { fixedFindings, reportsByVersionNumber } from '../security/stored-reports';
import {
  alertKey,
  findMutedUsers,
  findSentAlerts,
  recordAlert,
  type SecurityAlertItem,
} from './repo';

/** A notification's transaction has room for this many markers beside its three writes. */
const MAX_MARKERS = 90;
const CHANGELOG_CHARS = 400;

export interface LiveVersion {
  id: string;
  title: string;
  seller_id: string;
  version_number: string;
}

const named = (fixes: readonly SecurityFinding[]) =>
  fixes
    .map(
      (fix) =>
        `${fix.advisory_id} (${SEVERITY_LABELS[fix.severity].toLowerCase()}, ${fix.package})`,
    )
    .join(', ');

const changelogOf = async (templateId: string, versionNumber: string) => {
  const text = (await versionHistoryOf(templateId))
    .find((version) => version.version_number === versionNumber)
    ?.changelog?.trim();
  if (!text) return 'No changelog given.';
  return text.length > CHANGELOG_CHARS ? `${text.slice(0, CHANGELOG_CHARS - 1)}…` : text;
};

/** Who holds which version, and how: deployers are offered the pull request, others a download. */
const holdingsOf = async (templateId: string) => {
  const [downloads, deployments] = await Promise.all([
    lastDownloadedVersionsOfTemplate(templateId),
    deploymentHoldingsOfTemplate(templateId),
  ]);
  const held = new Map<string, { version: string; deployed: boolean }>();
  for (const [userId, version] of downloads) held.set(userId, { version, deployed: false });
  for (const holding of deployments)
    if (holding.finished)
      held.set(holding.userId, { version: holding.versionNumber, deployed: true });
  return held;
};

export interface FixesTold {
  /** Notifications written by this call (a re-run writes none). */
  written: number;
  /**
   * Deployers this version's security notice is for (told now or by an earlier run): the plain
   * "is out" notice (deployments/upgrade-notice.ts) leaves them out.
   */
  deployers: ReadonlySet<string>;
}

const NOTHING_TOLD: FixesTold = { written: 0, deployers: new Set() };

/** Tells buyers of the fixes in `live`, once per buyer and advisory. */
export const notifySecurityFixes = async (live: LiveVersion): Promise<FixesTold> => {
  const reports = await reportsByVersionNumber(live.id);
  const liveReport = reports.get(live.version_number);
  if (liveReport?.status !== 'checked') return NOTHING_TOLD;
  const now = new Date().toISOString();
  const plans: { userId: string; deployed: boolean; version: string; fixes: SecurityFinding[] }[] =
    [];
  for (const [userId, { version, deployed }] of await holdingsOf(live.id)) {
    if (userId === live.seller_id || version === live.version_number) continue;
    const fixes = fixedFindings(reports.get(version), liveReport).slice(0, MAX_MARKERS);
    if (fixes.length > 0) plans.push({ userId, deployed, version, fixes });
  }
  if (plans.length === 0) return NOTHING_TOLD;
  const muted = await findMutedUsers(
    live.id,
    plans.map((plan) => plan.userId),
  );
  const markerOf = (userId: string, fix: SecurityFinding): SecurityAlertItem => ({
    user_id: userId,
    mvp_id: live.id,
    kind: 'fix',
    advisory_id: fix.advisory_id,
    version_number: live.version_number,
    created_at: now,
  });
  const sent = await findSentAlerts(
    plans.flatMap((p) => p.fixes.map((f) => markerOf(p.userId, f))),
  );
  const changelog = plans.some((plan) => !plan.deployed)
    ? await changelogOf(live.id, live.version_number)
    : '';
  let written = 0;
  const deployers = new Set<string>();
  for (const plan of plans) {
    if (muted.has(plan.userId)) continue;
    if (plan.deployed) deployers.add(plan.userId);
    const fresh = plan.fixes.filter((fix) => !sent.has(alertKey(markerOf(plan.userId, fix))));
    if (fresh.length === 0) continue;
    const head = `${live.title} ${live.version_number} fixes ${named(fresh)}, found in the version you ${plan.deployed ? 'deployed' : 'downloaded'} (${plan.version}).`;
    const input = plan.deployed
      ? {
          userId: plan.userId,
          type: 'security_fix' as const,
          message: `${head} Open security upgrade pull request from your dashboard: its description lists the advisories it fixes.`,
          link: '/dashboard',
        }
      : {
          userId: plan.userId,
          type: 'security_fix' as const,
          message: `${head} Download it again: it uses none of your quota. What changed: ${changelog}`,
          link: `/mvp/${live.id}`,
        };
    const markers = fresh.map((fix) => markerOf(plan.userId, fix));
    if (await recordAlert(markers, notificationWrites(input, now))) written += 1;
  }
  if (written > 0) await sendQueuedEmails();
  return { written, deployers };
};
