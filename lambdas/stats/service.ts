/** Public statistics: the home hero's live figures. */
import type { HomeStats } from '../../contract/stats';
import type { CounterName } from '../shared/db/entities/counter';
import {
  getApprovedTemplateCount,
  getCounterBuckets,
  getCounterTotal,
  getDailyCounterValues,
} from './repo';

/**
 * `MVPs Launched` counts deployments that reached `completed` (Y6 adds to the counter exactly once
 * per deployment); `Templates` counts approved templates. Two small reads, whatever the size.
 */
export const getHomeStats = async (): Promise<HomeStats> => {
  const [mvpsLaunched, templates] = await Promise.all([
    getCounterTotal('deployments_completed'),
    getApprovedTemplateCount(),
  ]);
  return { mvps_launched: mvpsLaunched, templates };
};

/**
 * The counters' reads other domains build on (the admin overview): this domain owns them, so
 * the queries exist once.
 */
export const counterTotal = (name: CounterName): Promise<number> => getCounterTotal(name);

/** Every bucket of a counter (roles of `users`, …), summed over shards. */
export const counterBuckets = (name: CounterName): Promise<Map<string, number>> =>
  getCounterBuckets(name);

/** The sum of a counter's day buckets from `from` to `to` (inclusive, `YYYY-MM-DD`). */
export const sumOfDays = async (name: CounterName, from: string, to: string): Promise<number> => {
  let sum = 0;
  for (const value of (await getDailyCounterValues(name, from, to)).values()) sum += value;
  return sum;
};

/**
 * The seller's "what buyers searched for and didn't find": searches about `categories` only (the
 * caller passes the seller's own), never anything about who searched.
 */
export { getSellerSearchDemand } from './search-demand';
