/**
 * The client of the OSV vulnerability database (https://google.github.io/osv.dev/api/): one code
 * path for the cloud (api.osv.dev) and the laptop (lib/local/servers/osv), the origin from
 * OSV_API_URL.
 *
 * - `POST /v1/querybatch`: at most 1,000 queries a request; each answer lists the ids (and
 *   `modified`) of the advisories affecting that package version, paged by `next_page_token`,
 *   which is sent back with the same query until it is absent.
 * - `GET /v1/vulns/{id}`: the whole advisory, once per distinct id, a bounded number at a time.
 *
 * A request that fails for a reason that may pass (no answer within the timeout, a network error,
 * 429 or 5xx) is tried again after a jittered, doubling wait; after the last try the whole lookup
 * fails with OsvUnavailableError, which the audit records as "not checked yet" (docs/operations.md,
 * "Security reports").
 */
import { config } from '../shared/config';
import { mapWithConcurrency } from '../shared/concurrency';
import { lastErrorItself, retry } from '../shared/retry';
import type { Ecosystem } from '../../contract/security';

/** OSV's documented maximum of queries in one querybatch request. */
export const OSV_BATCH_SIZE = 1000;
/** Advisory reads in flight at once. */
export const OSV_FETCH_CONCURRENCY = 10;
/** Batches in flight at once (a 2,000-package lock file is two). */
const BATCH_CONCURRENCY = 4;
/** Tries of one request before the lookup gives up: with waits of at most 2 s and 4 s, ~20 s. */
export const OSV_TRIES = 3;

export interface PackageQuery {
  ecosystem: Ecosystem;
  name: string;
  version: string;
}

export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface OsvAffected {
  package?: { ecosystem: string; name: string };
  ranges?: { type: string; events: OsvEvent[] }[];
  versions?: string[];
  database_specific?: Record<string, unknown>;
}

/** The fields of an OSV record the audit reads. */
export interface OsvVulnerability {
  id: string;
  modified?: string;
  summary?: string;
  details?: string;
  aliases?: string[];
  severity?: { type: string; score: string }[];
  affected?: OsvAffected[];
  database_specific?: { severity?: string } & Record<string, unknown>;
}

export class OsvUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OsvUnavailableError';
  }
}

/** A failure worth another try (as opposed to a request OSV refuses). */
class RetryableError extends Error {}

export interface OsvClientOptions {
  baseUrl: string;
  timeoutMs: number;
  retryBaseMs: number;
  tries?: number;
}

/** One request with its tries: `fetch` with a timeout, retried on failures that may pass. */
const createRequester = (
  options: OsvClientOptions,
  stats: { requests: number; retries: number },
) => {
  const base = options.baseUrl.replace(/\/+$/, '');
  const tries = options.tries ?? OSV_TRIES;
  const once = async <T>(path: string, init: RequestInit): Promise<T> => {
    stats.requests += 1;
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      throw new RetryableError(`OSV did not answer ${path}`, { cause: error });
    }
    if (response.status === 429 || response.status >= 500) {
      await response.body?.cancel();
      throw new RetryableError(`OSV answered ${response.status} to ${path}`);
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new OsvUnavailableError(`OSV refused ${path} with ${response.status}`);
    }
    return (await response.json()) as T;
  };

  const request = <T>(path: string, init: RequestInit = {}): Promise<T> =>
    retry(
      (attempt) => {
        if (attempt > 1) stats.retries += 1;
        return once<T>(path, init);
      },
      {
        attempts: tries,
        baseDelayMs: options.retryBaseMs,
        retryOn: (error) => error instanceof RetryableError,
        exhausted: (error) =>
          new OsvUnavailableError(lastErrorItself(error).message, { cause: error }),
      },
    );

  return request;
};

export const createOsvClient = (options: OsvClientOptions) => {
  const stats = { requests: 0, retries: 0 };
  const request = createRequester(options, stats);
  /** Each advisory's `modified` as querybatch last gave it (the daily re-check reads it). */
  const modified = new Map<string, string>();

  type BatchAnswer = {
    results?: { vulns?: { id: string; modified?: string }[]; next_page_token?: string }[];
  };

  /** One batch of at most OSV_BATCH_SIZE queries, its pages followed; ids per query. */
  const queryOneBatch = async (queries: readonly PackageQuery[]): Promise<string[][]> => {
    const ids = queries.map(() => new Set<string>());
    let pending = queries.map((query, index) => ({
      index,
      query,
      token: undefined as string | undefined,
    }));
    while (pending.length > 0) {
      const answer = await request<BatchAnswer>('/v1/querybatch', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          queries: pending.map(({ query, token }) => ({
            package: { ecosystem: query.ecosystem, name: query.name },
            version: query.version,
            ...(token ? { page_token: token } : {}),
          })),
        }),
      });
      const next: typeof pending = [];
      pending.forEach((item, position) => {
        const result = answer.results?.[position];
        for (const vuln of result?.vulns ?? []) {
          ids[item.index]!.add(vuln.id);
          if (vuln.modified) modified.set(vuln.id, vuln.modified);
        }
        if (result?.next_page_token) next.push({ ...item, token: result.next_page_token });
      });
      pending = next;
    }
    return ids.map((set) => [...set]);
  };

  return {
    stats,
    modified,
    /** The ids of the advisories affecting each package version, in the queries' order. */
    queryBatch: async (queries: readonly PackageQuery[]): Promise<string[][]> => {
      const chunks: PackageQuery[][] = [];
      for (let start = 0; start < queries.length; start += OSV_BATCH_SIZE)
        chunks.push(queries.slice(start, start + OSV_BATCH_SIZE));
      const answers = await mapWithConcurrency(chunks, BATCH_CONCURRENCY, queryOneBatch);
      return answers.flat();
    },
    /** The advisories with these ids, each read once. */
    getVulnerabilities: async (ids: Iterable<string>): Promise<Map<string, OsvVulnerability>> => {
      const distinct = [...new Set(ids)];
      const records = await mapWithConcurrency(distinct, OSV_FETCH_CONCURRENCY, (id) =>
        request<OsvVulnerability>(`/v1/vulns/${encodeURIComponent(id)}`),
      );
      return new Map(records.map((record, index) => [distinct[index]!, record]));
    },
  };
};

export type OsvClient = ReturnType<typeof createOsvClient>;

/** The client configured for this function (OSV_API_URL and its retry settings). */
export const osvClient = (): OsvClient =>
  createOsvClient({
    baseUrl: config().OSV_API_URL,
    timeoutMs: config().OSV_REQUEST_TIMEOUT_MS,
    retryBaseMs: config().OSV_RETRY_BASE_MS,
  });
