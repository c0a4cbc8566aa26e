/** `GET /api/stats`: the home hero's live figures from the counters, against DynamoDB Local. */
import { describe, expect, it } from 'vitest';
import { bumpCatalogVersion } from '../../../fixtures/catalog';
import type { HomeStats } from '../../../../contract/stats';
import { CounterEntity } from '../../../../lambdas/shared/db/entities/counter';
import { handler } from '../../../../lambdas/stats/index';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';

const getStats = async (): Promise<HomeStats> => {
  const result = await handler(apiEvent({ path: '/api/stats' }), lambdaContext('stats'));
  expect(result.statusCode).toBe(200);
  return jsonBody<HomeStats>(result);
};

describe('GET /api/stats', () => {
  it('answers zeros on an empty table, then follows the counters', async () => {
    expect(await getStats()).toEqual({ mvps_launched: 0, templates: 0 });

    await bumpCatalogVersion({ approvedDelta: 3 });
    await bumpCatalogVersion({ approvedDelta: -1 });
    await CounterEntity.update({ name: 'deployments_completed', bucket: 'all', shard: 0 })
      .add({ value: 2 })
      .go();
    // Day buckets of the same counter are not part of the total.
    await CounterEntity.update({ name: 'deployments_completed', bucket: '2025-08-02', shard: 0 })
      .add({ value: 5 })
      .go();
    expect(await getStats()).toEqual({ mvps_launched: 2, templates: 2 });
  });
});
