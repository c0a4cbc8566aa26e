/**
 * The daily security re-check (docs/operations.md, "Security re-check"): the live version of every
 * template and every version a buyer has a finished deployment of, looked up again in OSV from
 * their STORED dependency lists (never the bundles), with only new or modified advisories read in
 * full. Each new finding is told to the seller and the version's holders (alerts.ts), then the
 * report is updated, then the run's state is kept: a run that stops half-way is done again the next
 * day without telling anyone twice (the alert markers) and without losing an alert (a report is
 * only updated after its alerts are written).
 *
 * OSV unreachable (after the client's retries): nothing is written, no notification, the run
 * reports `osv_unavailable` and the next day's run does the work.
 */
import { worstSeverity, type SecurityFinding, type Severity } from '../../contract/security';
import { listLiveTemplates } from '../catalog/live-templates';
import { mapWithConcurrency } from '../shared/concurrency';
import { logger } from '../shared/observability';
import { OsvUnavailableError, osvClient, type OsvClient } from '../security/osv';
import {
  listSecurityReports,
  putSecurityReport,
  readPackages,
  type SecurityReportItem,
} from '../security/stored-reports';
import { alertNewFindings, holdersOfTemplate, type LiveTemplate, type NewFinding } from './alerts';
import { tellHoldersOfKnownFindings } from './known-findings';
import { recheckTargets, type RecheckFigures } from './recheck';
import { readRecheckState, writeRecheckState } from './repo';

/** Templates whose reports, holders and dependency lists are read at once. */
const TEMPLATE_CONCURRENCY = 8;

/** The reports a re-check can fill in: those with a stored dependency list. */
const RECHECKABLE = new Set(['checked', 'not_checked']);

/** A live version whose worst severity changed (the card's badge reads it). */
export interface LiveSeverityChange {
  mvp_id: string;
  version_id: string;
  version_number: string;
  severity: Severity | null;
}

export interface RecheckSummary {
  status: 'done' | 'osv_unavailable';
  templates: number;
  versions: number;
  reports_updated: number;
  new_findings: number;
  notifications: number;
  /**
   * Notifications of advisories a holder's version already had when they got it, to holders no
   * earlier trigger told (known-findings.ts): 0 once everyone was told.
   */
  known_told: number;
  figures: RecheckFigures | null;
  live_severity_changes: LiveSeverityChange[];
}

interface Candidate {
  template: LiveTemplate;
  holders: Map<string, Set<string>>;
  report: SecurityReportItem;
  key: string;
}

/** The reports to re-check of one template: its live version and every deployed one. */
const candidatesOf = async (template: LiveTemplate): Promise<Candidate[]> => {
  const [reports, holders] = await Promise.all([
    listSecurityReports(template.id),
    holdersOfTemplate(template.id),
  ]);
  const deployed = new Set(
    [...holders.keys()].filter((version) => version !== template.version_number),
  );
  return reports
    .filter(
      (report) =>
        report.packages_key !== undefined &&
        RECHECKABLE.has(report.status) &&
        (report.version_number === template.version_number || deployed.has(report.version_number)),
    )
    .map((report) => ({
      template,
      holders,
      report,
      key: `${template.id}/${report.version_id}`,
    }));
};

const isNew = (before: SecurityReportItem, advisoryId: string) =>
  !before.findings.some((finding) => finding.advisory_id === advisoryId);

/** One template's new findings told, then its reports written (see the module comment). */
const applyToTemplate = async (
  group: readonly Candidate[],
  findingsByKey: ReadonlyMap<string, SecurityFinding[]>,
  summary: RecheckSummary,
  now: string,
) => {
  const { template, holders } = group[0]!;
  const fresh: NewFinding[] = group.flatMap(({ report, key }) =>
    (findingsByKey.get(key) ?? [])
      .filter((finding) => isNew(report, finding.advisory_id))
      .map((finding) => ({ version_number: report.version_number, finding })),
  );
  summary.new_findings += fresh.length;
  if (fresh.length > 0)
    summary.notifications += await alertNewFindings(template, fresh, holders, now);
  for (const { report, key } of group) {
    const findings = findingsByKey.get(key) ?? [];
    await putSecurityReport({
      ...report,
      status: 'checked',
      findings,
      checked_at: now,
      updated_at: now,
    });
    summary.reports_updated += 1;
    const before = report.status === 'checked' ? worstSeverity(report.findings) : null;
    const after = worstSeverity(findings);
    if (report.version_number === template.version_number && before !== after)
      summary.live_severity_changes.push({
        mvp_id: template.id,
        version_id: report.version_id,
        version_number: report.version_number,
        severity: after,
      });
  }
  // Holders of a version with advisories it already had, never told (a download, a deploy or a
  // version going live whose notice failed, holders from before these notices): told now, once.
  const known = new Map(
    group.flatMap(({ report, key }) => {
      const findings = findingsByKey.get(key) ?? [];
      return findings.length > 0 ? [[report.version_number, findings] as const] : [];
    }),
  );
  if (known.size > 0)
    summary.known_told += await tellHoldersOfKnownFindings(template, known, holders, {
      now,
      sendEmails: false,
    });
};

export interface RecheckOptions {
  client?: OsvClient;
  now?: string;
  /**
   * Called once per live version whose worst severity changed, after its report is written: the
   * card's badge is the templates domain's to record, and templates imports this domain (the fix
   * notices at approval), so the caller that may import both passes the recorder in.
   */
  onLiveSeverityChange?: (change: LiveSeverityChange) => Promise<unknown>;
}

export const runSecurityRecheck = async (options: RecheckOptions = {}): Promise<RecheckSummary> => {
  const now = options.now ?? new Date().toISOString();
  const templates = await listLiveTemplates();
  const candidates = (
    await mapWithConcurrency(templates, TEMPLATE_CONCURRENCY, candidatesOf)
  ).flat();
  const targets = await mapWithConcurrency(candidates, TEMPLATE_CONCURRENCY * 2, async (c) => ({
    key: c.key,
    packages: (await readPackages(c.report.packages_key!)) ?? [],
  }));
  const summary: RecheckSummary = {
    status: 'done',
    templates: templates.length,
    versions: candidates.length,
    reports_updated: 0,
    new_findings: 0,
    notifications: 0,
    known_told: 0,
    figures: null,
    live_severity_changes: [],
  };
  let outcome;
  try {
    outcome = await recheckTargets(
      targets,
      await readRecheckState(),
      options.client ?? osvClient(),
      now,
    );
  } catch (error) {
    if (!(error instanceof OsvUnavailableError)) throw error;
    logger.warn('The advisory database did not answer: reports left as they were', {
      error: error.message,
    });
    return { ...summary, status: 'osv_unavailable' };
  }
  summary.figures = outcome.figures;

  const byTemplate = new Map<string, Candidate[]>();
  for (const candidate of candidates)
    byTemplate.set(candidate.template.id, [
      ...(byTemplate.get(candidate.template.id) ?? []),
      candidate,
    ]);
  for (const group of byTemplate.values())
    await applyToTemplate(group, outcome.findings, summary, now);
  if (options.onLiveSeverityChange)
    for (const change of summary.live_severity_changes)
      await options.onLiveSeverityChange(change).catch((error: unknown) =>
        logger.warn('A live security severity could not be recorded', {
          mvpId: change.mvp_id,
          error,
        }),
      );
  await writeRecheckState(outcome.cache);
  if (summary.notifications + summary.known_told > 0) {
    const { sendQueuedEmails } = await import('../notifications/service');
    await sendQueuedEmails();
  }
  return summary;
};
