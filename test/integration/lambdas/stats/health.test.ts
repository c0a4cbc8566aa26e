/**
 * `GET /api/health` (the `/status` page) against DynamoDB Local: operational on a
 * quiet marketplace; the pipeline degraded when an upload has waited for its scan longer than
 * PIPELINE_DEGRADED_AFTER_MINUTES; a template processed and waiting for an admin is not the
 * pipeline's wait.
 */
import { describe, expect, it } from 'vitest';
import {
  HEALTH_COMPONENT_NAMES,
  PIPELINE_DEGRADED_AFTER_MINUTES,
  type HealthReport,
} from '../../../../contract/health';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { getHealth } from '../../../../lambdas/stats/health';
import { handler } from '../../../../lambdas/stats/index';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { templateItem } from '../../../fixtures/template-fixtures';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const downNames = (report: HealthReport) =>
  report.components.filter((component) => component.status === 'down').map((c) => c.name);

const pipelineOf = (report: HealthReport) =>
  report.components.find((component) => component.name === 'Processing pipeline')!;

describe('GET /api/health', () => {
  it(
    'answers anyone, uncached, with every dependency answering on a quiet marketplace',
    {
      timeout: 60_000,
    },
    async () => {
      const result = await handler(apiEvent({ path: '/api/health' }), lambdaContext('stats'));
      expect(result.statusCode).toBe(200);
      expect(result.headers?.['cache-control']).toBe('no-store');
      const report = jsonBody<HealthReport>(result);
      expect(report.components.map((component) => component.name)).toEqual(HEALTH_COMPONENT_NAMES);
      // Every service answers: none is down (on a busy machine a check may miss its 2 s once, so
      // asked again until none does; one answering slowly is degraded, not down).
      await expect
        .poll(async () => downNames(await getHealth()), { timeout: 30_000, interval: 1_000 })
        .toEqual([]);
      expect(Date.parse(report.checked_at)).not.toBeNaN();
    },
  );

  it('says the pipeline is working while an upload waits a little, degraded when it waits long', async () => {
    // Processed and held for an admin (it has its CID): not the pipeline's wait.
    await TemplateEntity.create(
      templateItem({
        status: 'pending_review',
        ipfs_hash: 'bafy-held',
        updated_at: minutesAgo(300),
      }),
    ).go();
    expect(pipelineOf(await getHealth()).status).toBe('operational');

    await TemplateEntity.create(
      templateItem({ status: 'pending_review', updated_at: minutesAgo(2) }),
    ).go();
    const working = pipelineOf(await getHealth());
    expect(working).toMatchObject({ status: 'operational' });
    expect(working.detail).toMatch(/^Working: 1 upload waiting, the oldest for 2 minutes\.$/);

    const stuck = PIPELINE_DEGRADED_AFTER_MINUTES + 5;
    await TemplateEntity.create(
      templateItem({ status: 'pending_review', updated_at: minutesAgo(stuck) }),
    ).go();
    const report = await getHealth();
    expect(report.status).toBe('degraded');
    expect(pipelineOf(report)).toEqual({
      name: 'Processing pipeline',
      status: 'degraded',
      detail: `Slower than usual: 2 uploads waiting, the oldest for ${stuck} minutes.`,
    });
  });
});
