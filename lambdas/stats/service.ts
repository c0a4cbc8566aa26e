/** Public statistics: the home hero's live figures (buyer spec §2, Home). */
import type { HomeStats } from '../shared/contracts/stats';
import { getApprovedTemplateCount, getCounterTotal } from './repo';

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
