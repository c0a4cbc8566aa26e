/**
 * The approved catalog of one container, kept in memory and brought up to date by changes, never
 * by reloading it whole (docs/data-model.md, section 5).
 *
 * Primary course of a request:
 * 1. At most once a second (VERSION_CHECK_INTERVAL_MS), read the catalog version: one strongly
 *    consistent GetItem with a budget of its own (VERSION_CHECK_TIMEOUT_MS). In between, requests
 *    do no I/O at all. Once a second per container, not once per request, because that item is a
 *    hot key: DynamoDB serves about 3,000 reads a second from one partition.
 * 2. When the version moved, read the changes since the last read (the templates whose
 *    `updated_at` is later, per status) and merge them into the sorted arrays.
 * 3. Filter in memory (browse.ts).
 *
 * A new container starts from the snapshot in S3 (snapshot.ts: one GetObject) and applies the
 * changes since its `asOf`; without a snapshot it reads the whole `byStatus` index, as before.
 *
 * Freshness, and why each rule exists:
 * - Changes are read from `since - CHANGE_OVERLAP_MS`: a writer stamps `updated_at` before its
 *   transaction commits and the index shows it a little later; re-reading a minute of changes is
 *   harmless (applying a change twice is a no-op) and covers that lag and clock skew.
 * - The index is eventually consistent: when changes are read within GSI_SETTLE_MS of the bump,
 *   they are read once more after that window (the write that bumped may not have shown yet).
 * - Download and rating counters change without a bump; the snapshot task rewrites the snapshot
 *   every few minutes, and a container whose counters are older than SNAPSHOT_REFRESH_MS takes
 *   the newer snapshot (one conditional GetObject a minute at most). If none is newer after
 *   CATALOG_MAX_AGE_MS (the task is not running), it reads the whole index: cards are never more
 *   than about ten minutes stale.
 * - Stale on error: when the version check or a read of changes fails, the
 *   catalog in memory keeps serving, with a warning; the check is retried after
 *   VERSION_RETRY_AFTER_FAILURE_MS. A new container whose table does not answer serves the snapshot.
 */
import { unavailableMessage } from '../../contract/errors';
import { ServiceUnavailableError } from '../shared/errors';
import { logger } from '../shared/observability';
import { applyCatalogChanges, buildCatalogIndex, CatalogIndex, type CatalogRecord } from './browse';
import type { CatalogChangeSet, CatalogVersion } from './repo';
import type { CatalogSnapshotColumns } from './snapshot';
import {
  VERSION_CHECK_INTERVAL_MS,
  VERSION_RETRY_AFTER_FAILURE_MS,
  GSI_SETTLE_MS,
  CHANGE_OVERLAP_MS,
  SNAPSHOT_REFRESH_MS,
  SNAPSHOT_POLL_INTERVAL_MS,
  CATALOG_MAX_AGE_MS,
} from './catalog-timing';

export {
  VERSION_CHECK_INTERVAL_MS,
  VERSION_CHECK_TIMEOUT_MS,
  VERSION_RETRY_AFTER_FAILURE_MS,
  GSI_SETTLE_MS,
  CHANGE_OVERLAP_MS,
  SNAPSHOT_REFRESH_MS,
  SNAPSHOT_POLL_INTERVAL_MS,
  CATALOG_MAX_AGE_MS,
  CHANGES_TIMEOUT_MS,
  SNAPSHOT_TIMEOUT_MS,
} from './catalog-timing';

/** What the cache reads; the catalog repo in production. */
export interface CatalogSources {
  readVersion(): Promise<CatalogVersion>;
  /** The snapshot unless it still has ETag `etag`; `null` when there is none. */
  readSnapshot(
    etag: string | null,
  ): Promise<{ snapshot: CatalogSnapshotColumns; etag: string | null } | 'unchanged' | null>;
  /** Every approved template (the whole `byStatus` partition). */
  listCatalog(): Promise<CatalogRecord[]>;
  listChangesSince(since: string): Promise<CatalogChangeSet>;
}

export interface CatalogCacheOptions {
  /** Milliseconds since the epoch; tests move it forward instead of sleeping. */
  now?: () => number;
  /** @default VERSION_CHECK_INTERVAL_MS (0 checks on every request, the design before the snapshot). */
  versionCheckIntervalMs?: number;
}

interface LoadedCatalog {
  index: CatalogIndex;
  /** The version these records reflect; `null` when loaded while the table did not answer. */
  version: number | null;
  /** When the last read of changes (or of the whole catalog) started; the next reads from here. */
  syncedAt: number;
  /** When the counters were read: the snapshot's `asOf`, or the start of a full load. */
  countersAt: number;
  /** The snapshot this catalog started from, for conditional reads. */
  snapshotEtag: string | null;
  /** Changes are read once more at this time (the last read may have raced the index). */
  recheckAt: number | null;
}

const nameOf = (error: unknown): string =>
  error instanceof Error ? `${error.name}: ${error.message}` : String(error);

export class CatalogCache {
  private loaded: LoadedCatalog | null = null;
  private refreshing: Promise<LoadedCatalog> | null = null;
  /** The last version read. */
  private known: CatalogVersion | null = null;
  private nextVersionCheck = Number.NEGATIVE_INFINITY;
  private nextSnapshotPoll = Number.NEGATIVE_INFINITY;
  /** After a failed read of the table, no refresh is tried before this time. */
  private retryAfter = Number.NEGATIVE_INFINITY;
  private tableFailing = false;
  private readonly now: () => number;
  private readonly versionCheckIntervalMs: number;

  constructor(
    private readonly sources: CatalogSources,
    options: CatalogCacheOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.versionCheckIntervalMs = options.versionCheckIntervalMs ?? VERSION_CHECK_INTERVAL_MS;
  }

  /**
   * True while the table is not answering (the last version check failed): callers skip their
   * own optional reads (seller names) instead of waiting for them to time out too.
   */
  get degraded(): boolean {
    return this.tableFailing;
  }

  /**
   * The catalog to browse. Concurrent callers in one container (the local server runs handlers
   * concurrently) share one refresh.
   */
  async current(): Promise<CatalogIndex> {
    if (this.loaded && !this.isDue(this.loaded, this.now())) return this.loaded.index;
    this.refreshing ??= this.refresh().finally(() => {
      this.refreshing = null;
    });
    return (await this.refreshing).index;
  }

  private isDue(catalog: LoadedCatalog, now: number): boolean {
    if (now < this.retryAfter) return false;
    return (
      now >= this.nextVersionCheck ||
      (catalog.recheckAt !== null && now >= catalog.recheckAt) ||
      (now - catalog.countersAt >= SNAPSHOT_REFRESH_MS && now >= this.nextSnapshotPoll)
    );
  }

  private async refresh(): Promise<LoadedCatalog> {
    const current = this.loaded;
    if (!current) return (this.loaded = await this.coldStart());
    const now = this.now();
    try {
      if (now >= this.nextVersionCheck) await this.checkVersion(now);
      const known = this.known;
      if (!known) return current;
      if (now - current.countersAt >= SNAPSHOT_REFRESH_MS && now >= this.nextSnapshotPoll) {
        this.loaded = await this.refreshCounters(current, known, now);
      } else if (
        known.version !== current.version ||
        (current.recheckAt !== null && now >= current.recheckAt)
      ) {
        this.loaded = await this.catchUp(current, known);
      }
    } catch (error) {
      this.markTableFailing(now);
      logger.warn('Browse serves the catalog in memory: it could not be brought up to date', {
        error: nameOf(error),
        version: current.version,
        staleForMs: now - current.syncedAt,
      });
    }
    return this.loaded ?? current;
  }

  private async checkVersion(now: number): Promise<void> {
    this.nextVersionCheck = now + this.versionCheckIntervalMs;
    try {
      this.known = await this.sources.readVersion();
      this.tableFailing = false;
    } catch (error) {
      this.markTableFailing(now);
      throw error;
    }
  }

  /** The table did not answer: serve from memory, and try it again only after a pause. */
  private markTableFailing(now: number): void {
    this.tableFailing = true;
    this.retryAfter = now + VERSION_RETRY_AFTER_FAILURE_MS;
  }

  /** A new container: the snapshot plus the changes since, or the whole index without one. */
  private async coldStart(): Promise<LoadedCatalog> {
    const now = this.now();
    this.nextSnapshotPoll = now + SNAPSHOT_POLL_INTERVAL_MS;
    const [version, stored] = await Promise.allSettled([
      this.checkVersion(now),
      this.sources.readSnapshot(null),
    ]);
    const snapshot = stored.status === 'fulfilled' ? stored.value : null;
    if (stored.status === 'rejected') {
      logger.warn('The catalog snapshot could not be read; loading the catalog from the table', {
        error: nameOf(stored.reason),
      });
    } else if (snapshot === null) {
      logger.info('No catalog snapshot yet; loading the catalog from the table');
    }
    const known = version.status === 'fulfilled' ? this.known : null;

    if (snapshot && snapshot !== 'unchanged') {
      const { asOf } = snapshot.snapshot;
      const readMs = this.now() - now;
      const fresh = now - Date.parse(asOf) < CATALOG_MAX_AGE_MS;
      if (known && !fresh) {
        logger.warn('The catalog snapshot is too old (is the snapshot task running?)', { asOf });
        try {
          return await this.fullLoad(known);
        } catch (error) {
          this.markTableFailing(now);
          logger.warn('Browse serves an old catalog snapshot: the table could not be read', {
            error: nameOf(error),
          });
        }
      }
      const indexStarted = this.now();
      const base = this.fromSnapshot(snapshot.snapshot, snapshot.etag);
      const indexMs = this.now() - indexStarted;
      if (!known) {
        logger.warn('The table does not answer: browse serves the catalog snapshot', {
          error: nameOf((version as PromiseRejectedResult).reason),
          asOf,
        });
        return base;
      }
      if (!fresh) return base;
      try {
        const catchUpStarted = this.now();
        const caughtUp = await this.catchUp(base, known);
        logger.info('Catalog loaded from the snapshot', {
          version: known.version,
          templates: caughtUp.index.size,
          asOf,
          readMs,
          indexMs,
          catchUpMs: this.now() - catchUpStarted,
          ms: this.now() - now,
        });
        return caughtUp;
      } catch (error) {
        this.markTableFailing(now);
        logger.warn('Browse serves the catalog snapshot: the changes since could not be read', {
          error: nameOf(error),
          asOf,
        });
        return base;
      }
    }
    // Nothing to serve without the table: the caller gets the database's 503 (browse only reads).
    if (!known) throw new ServiceUnavailableError(unavailableMessage('database', 'read'));
    return this.fullLoad(known);
  }

  private fromSnapshot(snapshot: CatalogSnapshotColumns, etag: string | null): LoadedCatalog {
    const asOf = Date.parse(snapshot.asOf);
    return {
      index: new CatalogIndex(snapshot.columns, snapshot.orders ?? undefined, snapshot.search),
      version: null,
      syncedAt: asOf,
      countersAt: asOf,
      snapshotEtag: etag,
      recheckAt: null,
    };
  }

  /** Every approved template from the index (no snapshot, or an old one). */
  private async fullLoad(known: CatalogVersion): Promise<LoadedCatalog> {
    const startedAt = this.now();
    const records = await this.sources.listCatalog();
    const catalog: LoadedCatalog = {
      index: buildCatalogIndex(records),
      version: known.version,
      syncedAt: startedAt,
      countersAt: startedAt,
      snapshotEtag: null,
      recheckAt: this.recheckAfter(known, startedAt),
    };
    logger.info('Catalog loaded from the table', {
      version: known.version,
      templates: catalog.index.size,
      ms: this.now() - startedAt,
    });
    return catalog;
  }

  /**
   * Applies the changes since the last read. `known` was read before this read starts, so every
   * change that version counts is in the index by now, unless the index lags (see recheckAfter).
   */
  private async catchUp(base: LoadedCatalog, known: CatalogVersion): Promise<LoadedCatalog> {
    const startedAt = this.now();
    const since = new Date(base.syncedAt - CHANGE_OVERLAP_MS).toISOString();
    const changes = await this.sources.listChangesSince(since);
    // A template seen in two partitions (it moved between two of the parallel queries) counts
    // where its newest `updated_at` puts it.
    const latest = new Map<string, { updatedAt: string; record: CatalogRecord | null }>();
    for (const { record, updatedAt } of changes.approved) {
      const seen = latest.get(record.id);
      if (!seen || seen.updatedAt < updatedAt) latest.set(record.id, { updatedAt, record });
    }
    for (const { id, updatedAt } of changes.departed) {
      const seen = latest.get(id);
      if (!seen || seen.updatedAt <= updatedAt) latest.set(id, { updatedAt, record: null });
    }
    const upserts = [...latest.values()].flatMap((change) =>
      change.record ? [change.record] : [],
    );
    const removals = [...latest].flatMap(([id, change]) => (change.record ? [] : [id]));
    const index = applyCatalogChanges(base.index, { upserts, removals });
    if (upserts.length > 0 || removals.length > 0) {
      logger.info('Catalog brought up to date', {
        version: known.version,
        changed: upserts.length,
        removed: removals.length,
      });
    }
    return {
      ...base,
      index,
      version: known.version,
      syncedAt: startedAt,
      recheckAt: this.recheckAfter(known, startedAt),
    };
  }

  /** Newer counters: a newer snapshot when the task wrote one, else the whole index when overdue. */
  private async refreshCounters(
    loaded: LoadedCatalog,
    known: CatalogVersion,
    now: number,
  ): Promise<LoadedCatalog> {
    this.nextSnapshotPoll = now + SNAPSHOT_POLL_INTERVAL_MS;
    let current = loaded;
    let stored: Awaited<ReturnType<CatalogSources['readSnapshot']>> = 'unchanged';
    try {
      stored = await this.sources.readSnapshot(current.snapshotEtag);
    } catch (error) {
      logger.warn('The catalog snapshot could not be read', { error: nameOf(error) });
    }
    if (stored && stored !== 'unchanged') {
      if (Date.parse(stored.snapshot.asOf) > current.countersAt) {
        return this.catchUp(this.fromSnapshot(stored.snapshot, stored.etag), known);
      }
      // Not newer than what this container holds: ask for it conditionally from now on.
      current = { ...current, snapshotEtag: stored.etag };
    }
    if (now - current.countersAt >= CATALOG_MAX_AGE_MS) {
      logger.warn('No newer catalog snapshot (is the snapshot task running?); loading the table');
      return this.fullLoad(known);
    }
    const behind =
      known.version !== current.version || (current.recheckAt !== null && now >= current.recheckAt);
    return behind ? this.catchUp(current, known) : current;
  }

  /** The time to read changes once more, when this read may have raced the index after a bump. */
  private recheckAfter(known: CatalogVersion, startedAt: number): number | null {
    const bumpedAt = known.updatedAt ? Date.parse(known.updatedAt) : Number.NaN;
    const settledAt = bumpedAt + GSI_SETTLE_MS;
    return Number.isFinite(settledAt) && startedAt < settledAt ? settledAt : null;
  }
}
