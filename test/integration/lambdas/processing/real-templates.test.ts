/**
 * Real-world template shapes (test/fixtures/real-templates) through the whole processing state
 * machine (aws-local-stepfunctions with the real tasks, DynamoDB Local, s3rver, the local OSV
 * server): each is accepted with no finding, published, and audited with exactly the lock files,
 * package counts and advisories its files hold; a bundle with a real secret is still refused, and
 * still gets its dependency report.
 */
import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { startProcessing } from '../../../../lambdas/templates/processing-start';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { getReport } from '../../../../lambdas/security/service';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { zipOf } from '../../../fixtures/archives/writers';
import { REAL_TEMPLATES, SECRET_BUNDLES } from '../../../fixtures/real-templates/index';
import { seedUpload } from '../../../fixtures/template-items';

const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });

beforeAll(() => setWorkflowRunner(runner));
afterAll(() => setWorkflowRunner(undefined));

/** Uploads `bytes` as a new template's first version, as the seller domain does, and processes it. */
const uploadAndProcess = async (bytes: Uint8Array, fileName: string) => {
  const { mvpId, versionId, fileKey } = await seedUpload(bytes, fileName);
  await startProcessing({ mvpId, versionId, fileKey });
  await Promise.all([...runner.running]);
  const { data } = await TemplateEntity.get({ id: mvpId }).go({ consistent: true });
  const report = await getReport(mvpId, versionId);
  if (!report) throw new Error('no security report was stored for the version');
  return { template: data!, report };
};

describe('real templates through upload, scan and audit', () => {
  for (const shape of REAL_TEMPLATES) {
    it(`${shape.name}: accepted with no finding and audited exactly`, async () => {
      const { template, report } = await uploadAndProcess(zipOf(shape.files), 'starter.zip');

      expect(template.last_processing_error).toBeUndefined();
      expect(template.status).toBe('approved');
      expect(report.status).toBe('checked');
      expect([...report.lock_files].sort()).toEqual(shape.audit.lockFiles);
      expect(report.dependencies).toEqual({
        direct: shape.audit.direct,
        transitive: shape.audit.transitive,
      });
      expect([...new Set(report.findings.map((finding) => finding.advisory_id))].sort()).toEqual(
        [...shape.audit.advisories].sort(),
      );
    });
  }

  for (const bundle of SECRET_BUNDLES) {
    it(`refuses ${bundle.name}, and still reports its dependencies`, async () => {
      const { template, report } = await uploadAndProcess(zipOf(bundle.files), 'leaky.zip');

      expect(template.status).toBe('scan_failed');
      expect(template.last_processing_error).toMatch(/^Security scan failed: /);
      expect(template.last_processing_error).toContain(bundle.says);
      // The finding names the file and the kind of key, never the value.
      expect(template.last_processing_error).not.toMatch(/sk_live_|AKIA|q8Rz2v/);
      expect(report.lock_files).toEqual(bundle.lockFiles);
    });
  }
});
