/**
 * What other domains may use of the stored reports (the repo stays private to this domain): the
 * daily re-check (lambdas/security-alerts) reads every report of a template with its dependency
 * list and writes the report back through here; the upgrade pull request and the free download
 * of a fixed version read two versions' reports.
 */
export {
  getSecurityReport,
  listSecurityReports,
  putSecurityReport,
  readPackages,
  type PinnedPackage,
  type SecurityReportItem,
} from './repo';
