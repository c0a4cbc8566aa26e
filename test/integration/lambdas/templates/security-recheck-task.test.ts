/**
 * The daily security re-check as the schedule runs it (templates/tasks/security-recheck.ts),
 * against the stack's local OSV server: an advisory published after a template went live gives
 * the template's card its badge, through the templates domain's recorder.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { handler } from '../../../../lambdas/templates/tasks/security-recheck';
import { createLocalOsvControl } from '../../../../lib/local/servers/osv';
import { lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';
import { localCloud } from '../../../fixtures/users';
import { advisoryFor, seedLiveTemplate, seedReport } from '../security-alerts/fixtures';

const severityOf = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data?.security_severity;

describe('the scheduled security re-check', () => {
  it("records a live version's new worst severity on its card", async () => {
    const tag = randomUUID().slice(0, 8);
    const pkg = `it-badge-${tag}`;
    const seller = await putProfile();
    const template = await seedLiveTemplate(seller.id, `Badge Kit ${tag}`);
    const versionId = await seedReport(template, '1.0.0', [{ name: pkg, version: '1.0.0' }]);
    // The version the template serves: the recorder writes only a live version's severity.
    await TemplateVersionEntity.create({
      mvp_id: template.id,
      id: versionId,
      version_number: '1.0.0',
      file_key: template.file_key!,
      file_size: 1,
      source: 'upload',
      uploaded_at: template.created_at,
      status: 'approved',
    }).go();
    await handler({}, lambdaContext());
    expect(await severityOf(template.id)).toBeUndefined();

    const osv = createLocalOsvControl(localCloud().osv.apiUrl);
    await osv.addAdvisory(advisoryFor(`GHSA-itbd-${tag.slice(0, 4)}-0001`, pkg, '1.0.1'));
    await handler({}, lambdaContext());
    expect(await severityOf(template.id)).toBe('high');
  });
});
