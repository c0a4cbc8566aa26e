/**
 * PUBLISH_MODE=moderate: an admin approves a version whose security report has a critical finding
 * only with a reason (409 without, 400 when too short), and the approval's own audit entry keeps
 * it. A version without one is approved as before. Once live, the version's worst severity is on
 * the card (`security_badge`). The queue row names the version its report is read by.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler as catalogHandler } from '../../../../lambdas/catalog/index';
import { resetCatalogCache } from '../../../../lambdas/catalog/service';
import type { ModerationResult, PendingTemplateList } from '../../../../contract/admin-templates';
import type { TemplateDetail } from '../../../../contract/catalog';
import type { ApiErrorBody } from '../../../../contract/errors';
import {
  advisoryUrl,
  SECURITY_MESSAGES,
  type SecurityFinding,
  type Severity,
} from '../../../../contract/security';
import { AuditEntryEntity } from '../../../../lambdas/shared/db/entities/audit-entry';
import { SecurityReportEntity } from '../../../../lambdas/shared/db/entities/security-report';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { handler } from '../../../../lambdas/templates/index';
import { listVersions } from '../../../../lambdas/templates/repo';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate, seedTemplateWithPendingVersion } from '../../../fixtures/template-items';

const publishModeBefore = process.env.PUBLISH_MODE;
process.env.PUBLISH_MODE = 'moderate';
afterAll(() => {
  if (publishModeBefore === undefined) delete process.env.PUBLISH_MODE;
  else process.env.PUBLISH_MODE = publishModeBefore;
});

const seller = `seller-${randomUUID()}`;
const admin = `admin-${randomUUID()}`;

beforeAll(async () => {
  resetCatalogCache({ versionCheckIntervalMs: 0 });
  await Promise.all([
    putProfile({ id: seller, email: `${seller}@example.com`, role: 'seller' }),
    putProfile({ id: admin, email: `${admin}@example.com`, role: 'admin' }),
  ]);
});

const approve = async <T>(templateId: string, body: unknown) => {
  const result = await handler(
    apiEvent({
      method: 'POST',
      path: `/api/admin/mvps/${templateId}/approve`,
      body,
      claims: idTokenClaims({ sub: admin, email: `${admin}@example.com` }),
    }),
    lambdaContext('templates'),
  );
  return { status: result.statusCode ?? 0, body: jsonBody<T>(result) };
};

const finding = (severity: Severity): SecurityFinding => ({
  advisory_id: 'GHSA-jf85-cpcp-j695',
  aliases: ['CVE-2019-10744'],
  ecosystem: 'npm',
  package: 'lodash',
  version: '4.17.11',
  severity,
  cvss_score: 9.1,
  summary: 'Prototype pollution through defaultsDeep.',
  fixed_version: '4.17.12',
  direct: true,
  url: advisoryUrl('GHSA-jf85-cpcp-j695'),
});

/** The report the audit step would have stored for the version. */
const putReport = (mvpId: string, versionId: string, severities: Severity[]) => {
  const now = new Date().toISOString();
  return SecurityReportEntity.create({
    mvp_id: mvpId,
    version_id: versionId,
    version_number: '1.0.0',
    status: 'checked',
    checked_at: now,
    lock_files: ['package-lock.json'],
    direct_count: 3,
    transitive_count: 40,
    findings: severities.map(finding),
    created_at: now,
    updated_at: now,
  }).go();
};

const auditOf = async (templateId: string) =>
  (await AuditEntryEntity.query.byTime({}).go({ pages: 'all' })).data.filter(
    (entry) => entry.target_id === templateId,
  );

const detail = async (templateId: string) => {
  const result = await catalogHandler(
    apiEvent({ path: `/api/mvps/${templateId}` }),
    lambdaContext('catalog'),
  );
  expect(result.statusCode).toBe(200);
  return jsonBody<TemplateDetail>(result);
};

describe('approving a version with a critical vulnerability (PUBLISH_MODE=moderate)', () => {
  it('needs a reason, which the approval audits; the card then shows the badge', async () => {
    const { mvp, version } = await seedTemplateWithPendingVersion(seller);
    await putReport(mvp.id, version.id, ['critical', 'moderate']);

    const queue = await handler(
      apiEvent({
        path: '/api/admin/mvps',
        query: { status: 'pending' },
        claims: idTokenClaims({ sub: admin, email: `${admin}@example.com` }),
      }),
      lambdaContext('templates'),
    );
    const row = jsonBody<PendingTemplateList>(queue).items.find((item) => item.id === mvp.id);
    expect(row?.version_id).toBe(version.id);

    const refused = await approve<ApiErrorBody>(mvp.id, {});
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(SECURITY_MESSAGES.overrideReasonRequired);
    const tooShort = await approve<ApiErrorBody>(mvp.id, { override_reason: '  too short ' });
    expect(tooShort.status).toBe(400);
    // Nothing moved: the live version stays, no audit entry.
    expect((await TemplateEntity.get({ id: mvp.id }).go()).data).toMatchObject({
      version_number: '1.0.0',
      pending_version_id: version.id,
    });
    expect(await auditOf(mvp.id)).toEqual([]);

    const reason = 'The seller ships the upgrade in 1.2.0 this week; buyers are told.';
    const approved = await approve<ModerationResult>(mvp.id, { override_reason: reason });
    expect(approved.status).toBe(200);
    expect(approved.body.mvp.version_number).toBe('1.1.0');
    const entries = await auditOf(mvp.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: 'mvp.version.approve',
      after: { status: 'approved', security_override: { severity: 'critical', reason } },
    });
    expect((await TemplateEntity.get({ id: mvp.id }).go()).data?.security_severity).toBe(
      'critical',
    );
    expect((await detail(mvp.id)).security_badge).toBe('critical');
  });

  it('approves a version without a critical finding as before, recording its severity', async () => {
    const template = await seedTemplate(seller, { status: 'pending_review' });
    const [version] = await listVersions(template.id);
    await putReport(template.id, version!.id, ['high']);

    const approved = await approve<ModerationResult>(template.id, {});
    expect(approved.status).toBe(200);
    expect(approved.body.mvp.status).toBe('approved');
    const [entry] = await auditOf(template.id);
    expect(entry?.action).toBe('mvp.approve');
    expect(entry?.after).not.toHaveProperty('security_override');
    expect((await detail(template.id)).security_badge).toBe('high');
  });

  it('approves a version with no report yet (audit not run or not checked)', async () => {
    const template = await seedTemplate(seller, { status: 'pending_review' });
    const approved = await approve<ModerationResult>(template.id, {});
    expect(approved.status).toBe(200);
    expect((await detail(template.id)).security_badge).toBeNull();
  });
});
