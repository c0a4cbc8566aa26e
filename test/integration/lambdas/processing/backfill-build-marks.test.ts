/**
 * The card marks' backfill (lambdas/processing/tasks/backfill-build-marks.ts): a live template
 * built before cards carried the build gets its live version's build on its card, once; a template
 * whose version has no build, or whose card already has it, is left alone.
 */
import { describe, expect, it } from 'vitest';
import { recordWithoutBuild, type BuildRecordFile } from '../../../../contract/design/build';
import { recordVersionBuild } from '../../../../lambdas/builds/service';
import { backfillBuildMarks } from '../../../../lambdas/processing/tasks/backfill-build-marks';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { listVersions } from '../../../../lambdas/templates/repo';
import { seedTemplate } from '../../../fixtures/template-items';

const built = (): BuildRecordFile => {
  const { reason: _none, ...fields } = recordWithoutBuild(null, 'failed', '');
  return { ...fields, outcome: 'built', package_manager: 'pnpm', static_site: true };
};

const cardOf = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data?.live_build;

describe('backfilling the builds on cards', () => {
  it('marks a live template’s card with its version’s stored build, once', async () => {
    const template = await seedTemplate(`seller-${Date.now()}`, { status: 'approved' });
    const [version] = await listVersions(template.id);
    await recordVersionBuild(template.id, version!.id, built());
    const unbuilt = await seedTemplate(`seller-${Date.now()}-b`, { status: 'approved' });
    expect(await cardOf(template.id)).toBeUndefined();

    const first = await backfillBuildMarks();
    expect(first.marked).toBeGreaterThanOrEqual(1);
    expect(await cardOf(template.id)).toEqual({
      file_key: version!.file_key,
      outcome: 'built',
      package_manager: 'pnpm',
    });
    // No build stored: nothing to show, left for its build.
    expect(await cardOf(unbuilt.id)).toBeUndefined();

    // The card has its build: not read again, nothing marked twice.
    const { data: before } = await TemplateEntity.get({ id: template.id }).go({ consistent: true });
    await backfillBuildMarks();
    const { data: after } = await TemplateEntity.get({ id: template.id }).go({ consistent: true });
    expect(after!.updated_at).toBe(before!.updated_at);
    expect(after!.live_build).toEqual(before!.live_build);
  });
});
