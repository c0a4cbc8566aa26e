/**
 * The processing pipeline's DetectSite step, run by the state machine as the local stack runs it:
 * a clean upload's version records how it deploys (Netlify's detection over the bundle's files),
 * and the template page shows it once the version is live; a Python server template is recorded
 * as a repository only, and published.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTINGS_MESSAGES } from '../../../../contract/site-settings';
import { getTemplate } from '../../../../lambdas/catalog/service';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { startProcessing } from '../../../../lambdas/templates/processing-start';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { zipOf } from '../../../fixtures/archives/writers';
import { djangoCookiecutter, fastapiReactMonorepo } from '../../../fixtures/site-templates';
import { seedUpload } from '../../../fixtures/template-items';

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });
beforeAll(() => setWorkflowRunner(runner));
afterAll(() => setWorkflowRunner(undefined));

/** An upload as the seller domain registers it, processed to its end. */
const processUpload = async (files: Record<string, string>, fileName: string) => {
  const bytes = zipOf(Object.fromEntries(Object.entries(files).map(([p, t]) => [`app/${p}`, t])));
  const { mvpId, versionId, fileKey } = await seedUpload(bytes, fileName);
  await startProcessing({ mvpId, versionId, fileKey });
  await Promise.all([...runner.running]);
  const { data: version } = await TemplateVersionEntity.get({
    mvp_id: mvpId,
    id: versionId,
  }).go({ consistent: true });
  return { mvpId, version: version! };
};

describe('mvp-processing: how a version deploys', () => {
  it("records a monorepo's front end (base folder, framework, build) and the page shows it", async () => {
    const { mvpId, version } = await processUpload(fastapiReactMonorepo.files, 'full-stack.zip');
    expect(version.site_settings).toEqual({
      hostable: true,
      framework: 'Vite',
      build_command: 'npm run build',
      publish_dir: 'dist',
      base_dir: 'frontend',
      package_manager: 'npm',
    });
    const template = await TemplateEntity.get({ id: mvpId }).go({ consistent: true });
    expect(template.data?.status).toBe('approved');
    expect((await getTemplate(mvpId)).site_settings).toEqual(version.site_settings);
  });

  it('records a Python server as a repository only, and publishes it', async () => {
    const { mvpId, version } = await processUpload(djangoCookiecutter.files, 'django.zip');
    expect(version.site_settings).toMatchObject({
      hostable: false,
      reason: SITE_SETTINGS_MESSAGES.pythonServer,
    });
    expect((await getTemplate(mvpId)).site_settings?.hostable).toBe(false);
  });
});
