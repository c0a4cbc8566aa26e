/**
 * The processing pipeline's DetectSite step, run by the state machine as the local stack runs it:
 * a clean upload's version records how it deploys (Netlify's detection over the bundle's files),
 * and the template page shows it once the version is live; a Python server template is recorded
 * as a repository only, and published.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITE_SETTINGS_MESSAGES } from '../../../../contract/site-settings';
import { getTemplate } from '../../../../lambdas/catalog/service';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { startProcessing } from '../../../../lambdas/templates/processing-start';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { zipOf } from '../../../fixtures/archives/writers';
import { djangoCookiecutter, fastapiReactMonorepo } from '../../../fixtures/site-templates';
import { templateItem } from '../../../fixtures/template-fixtures';
import { localCloud } from '../../../fixtures/users';

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });
beforeAll(() => setWorkflowRunner(runner));
afterAll(() => setWorkflowRunner(undefined));

/** An upload as the seller domain registers it, processed to its end. */
const processUpload = async (files: Record<string, string>, fileName: string) => {
  const sellerId = `seller-${ulid()}`;
  const template = templateItem({
    seller_id: sellerId,
    status: 'pending_review',
    published_at: undefined,
    version_number: '1.0.0',
    title: `Starter ${fileName}`,
  });
  const versionId = ulid();
  const fileKey = `mvps/${sellerId}/${template.id}/${versionId}/${fileName}`;
  const bytes = zipOf(Object.fromEntries(Object.entries(files).map(([p, t]) => [`app/${p}`, t])));
  await createS3Client(localCloud().s3Endpoint).send(
    new PutObjectCommand({ Bucket: process.env.MVP_FILES_BUCKET, Key: fileKey, Body: bytes }),
  );
  await TemplateEntity.create({ ...template, file_key: fileKey, file_size: bytes.length }).go();
  await TemplateVersionEntity.create({
    mvp_id: template.id,
    id: versionId,
    version_number: '1.0.0',
    file_key: fileKey,
    file_size: bytes.length,
    original_file_name: fileName,
    source: 'upload',
    uploaded_at: new Date().toISOString(),
  }).go();
  await startProcessing({ mvpId: template.id, versionId, fileKey });
  await Promise.all([...runner.running]);
  const { data: version } = await TemplateVersionEntity.get({
    mvp_id: template.id,
    id: versionId,
  }).go({ consistent: true });
  return { mvpId: template.id, version: version! };
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
