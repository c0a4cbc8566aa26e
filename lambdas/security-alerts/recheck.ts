/**
 * The advisory side of the daily re-check, without storage: given the pinned packages of many
 * versions and what the last run kept, asks OSV once per distinct (ecosystem, package, version),
 * reads in full only the advisories that are new or were modified since they were kept, and gives
 * each version its findings. The bench runs it at 10,000 versions against the local OSV server.
 *
 * Requests (docs/operations.md, "Security re-check"): querybatch in batches of at most 1,000
 * queries (OSV's documented maximum), 4 batches in flight; advisory reads 10 in flight; every
 * request retried with a doubling wait on 429 and 5xx, then the whole run stops with
 * OsvUnavailableError and nothing is written.
 */
import type { SecurityFinding } from '../../contract/security';
import type { OsvClient, OsvVulnerability, PackageQuery } from '../security/osv';
import type { PinnedPackage } from '../security/stored-reports';
import { findingOf, sortFindings } from '../security/audit';

/** One version to re-check: a key of the caller's and its stored dependency list. */
export interface RecheckTarget {
  key: string;
  packages: readonly PinnedPackage[];
}

/** What a run keeps for the next: when it ran and the advisories it read (with `modified`). */
export interface AdvisoryCache {
  last_run_at: string | null;
  advisories: Record<string, OsvVulnerability>;
}

export interface RecheckFigures {
  versions: number;
  /** Package versions across all versions, and how many distinct ones were asked. */
  packages: number;
  distinct_packages: number;
  querybatch_requests: number;
  advisories_seen: number;
  advisories_fetched: number;
  /** Every HTTP request made, retries included. */
  requests: number;
  retries: number;
}

export interface RecheckOutcome {
  findings: Map<string, SecurityFinding[]>;
  /** The cache for the next run: only advisories this run saw. */
  cache: AdvisoryCache;
  figures: RecheckFigures;
}

const packageKey = (query: PackageQuery) =>
  `${query.ecosystem}\u0000${query.name}\u0000${query.version}`;

/** Only what findings read: keeps the cached state small. */
const trimmed = (advisory: OsvVulnerability): OsvVulnerability => ({
  id: advisory.id,
  ...(advisory.modified !== undefined && { modified: advisory.modified }),
  ...(advisory.summary !== undefined && { summary: advisory.summary }),
  ...(advisory.aliases !== undefined && { aliases: advisory.aliases }),
  ...(advisory.severity !== undefined && { severity: advisory.severity }),
  ...(advisory.affected !== undefined && {
    affected: advisory.affected.map(({ package: pkg, ranges, versions }) => ({
      package: pkg,
      ranges,
      versions,
    })),
  }),
  ...(advisory.database_specific?.severity !== undefined && {
    database_specific: { severity: advisory.database_specific.severity },
  }),
});

/** Whether the kept copy of an advisory is out of date (or there is none). */
const needsFetch = (kept: OsvVulnerability | undefined, modified: string | undefined) =>
  !kept || (modified !== undefined && (kept.modified === undefined || modified > kept.modified));

export const recheckTargets = async (
  targets: readonly RecheckTarget[],
  previous: AdvisoryCache,
  client: OsvClient,
  now: string,
): Promise<RecheckOutcome> => {
  const indexOf = new Map<string, number>();
  const queries: PackageQuery[] = [];
  let packages = 0;
  for (const target of targets)
    for (const pinned of target.packages) {
      packages += 1;
      const query = { ecosystem: pinned.ecosystem, name: pinned.name, version: pinned.version };
      const key = packageKey(query);
      if (!indexOf.has(key)) {
        indexOf.set(key, queries.length);
        queries.push(query);
      }
    }
  const requestsBefore = client.stats.requests;
  const idsPerQuery = queries.length > 0 ? await client.queryBatch(queries) : [];
  const querybatchRequests = client.stats.requests - requestsBefore;
  const seen = new Set(idsPerQuery.flat());
  const stale = [...seen].filter((id) =>
    needsFetch(previous.advisories[id], client.modified.get(id)),
  );
  const fetched = await client.getVulnerabilities(stale);
  const advisories: Record<string, OsvVulnerability> = {};
  for (const id of seen) {
    const record = fetched.get(id) ?? previous.advisories[id];
    if (record) advisories[id] = trimmed(record);
  }

  const findings = new Map<string, SecurityFinding[]>();
  for (const target of targets) {
    const list: SecurityFinding[] = [];
    for (const pinned of target.packages) {
      const ids = idsPerQuery[indexOf.get(packageKey(pinned))!] ?? [];
      for (const id of ids) if (advisories[id]) list.push(await findingOf(pinned, advisories[id]));
    }
    findings.set(target.key, sortFindings(list));
  }
  return {
    findings,
    cache: { last_run_at: now, advisories },
    figures: {
      versions: targets.length,
      packages,
      distinct_packages: queries.length,
      querybatch_requests: querybatchRequests,
      advisories_seen: seen.size,
      advisories_fetched: stale.length,
      requests: client.stats.requests,
      retries: client.stats.retries,
    },
  };
};
