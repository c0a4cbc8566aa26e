/**
 * The admin's list of live templates with known advisories, through the security alerts Lambda's
 * handler: only admins may read it (signed out 401, a buyer or a seller 403); it lists each live
 * template whose live version has advisories, most severe first, with its advisories and how many
 * buyers hold that version, and leaves out templates without any, not live, or whose advisories
 * are only in an older version.
 */
import { describe, expect, it } from 'vitest';
import { advisoryUrl, type SecurityFinding } from '../../../../contract/security';
import type { LiveTemplateAdvisoriesList } from '../../../../contract/security-alerts';
import { recordLiveSecuritySeverity } from '../../../../lambdas/templates/security-severity';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { apiEvent, idTokenClaims, lambdaContext } from '../../../fixtures/api-event';
import { dispatch } from '../../../fixtures/dispatch';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate } from '../../../fixtures/template-items';
import { seedDeployment, seedDownload, seedLiveTemplate, seedReport } from './fixtures';

const call = async (userId: string | null, groups?: string[]) => {
  const result = await dispatch(
    apiEvent({
      method: 'GET',
      path: '/api/admin/security-advisories',
      ...(userId
        ? { claims: idTokenClaims({ sub: userId, email: `${userId}@example.com`, groups }) }
        : {}),
    }),
    lambdaContext('security-alerts'),
  );
  return { status: result.statusCode, body: JSON.parse(result.body ?? 'null') };
};

const finding = (
  advisoryId: string,
  severity: SecurityFinding['severity'],
  fixed: string | null,
): SecurityFinding => ({
  advisory_id: advisoryId,
  aliases: [],
  ecosystem: 'npm',
  package: 'lodash',
  version: '4.17.20',
  severity,
  cvss_score: null,
  summary: 'lodash can be made to run arbitrary commands.',
  fixed_version: fixed,
  direct: true,
  url: advisoryUrl(advisoryId),
});

/** The live version's report, and its severity recorded on the template as Publish does. */
const withLiveFindings = async (
  template: Awaited<ReturnType<typeof seedLiveTemplate>>,
  findings: SecurityFinding[],
) => {
  const { data: versions } = await TemplateVersionEntity.query.byMvp({ mvp_id: template.id }).go();
  await seedReport(template, template.version_number, [{ name: 'lodash', version: '4.17.20' }], {
    findings,
  });
  await recordLiveSecuritySeverity(template.id, versions[0]!.id, findings[0]?.severity ?? null);
};

describe('the admin list of live templates with advisories', () => {
  it('is for admins only, most severe first, with advisories and holders', async () => {
    const [admin, seller, buyer, deployer] = await Promise.all([
      putProfile({ role: 'admin' }),
      putProfile({ role: 'seller', is_seller_approved: true, username: `adv-${Date.now()}` }),
      putProfile(),
      putProfile(),
    ]);
    const high = await seedLiveTemplate(seller.id, 'Advisory High Kit');
    await withLiveFindings(high, [
      finding('GHSA-35jh-r3h4-6jhm', 'high', '4.17.21'),
      finding('GHSA-29mw-wpgm-hmr9', 'moderate', '4.17.21'),
    ]);
    const critical = await seedLiveTemplate(seller.id, 'Advisory Critical Kit');
    await withLiveFindings(critical, [finding('GHSA-jf85-cpcp-j695', 'critical', null)]);
    const clean = await seedLiveTemplate(seller.id, 'Advisory Clean Kit');
    await withLiveFindings(clean, []);
    await seedTemplate(seller.id, { status: 'pending_review', title: 'Advisory Pending Kit' });
    await seedDownload(buyer.id, high, high.version_number);
    await seedDeployment(deployer.id, high, high.version_number);
    await seedDownload(buyer.id, high, '0.9.0');

    expect((await call(null)).status).toBe(401);
    expect((await call(buyer.id)).status).toBe(403);
    expect((await call(seller.id)).status).toBe(403);

    const answer = await call(admin.id, ['admin']);
    expect(answer.status).toBe(200);
    const mine = (answer.body as LiveTemplateAdvisoriesList).items.filter(
      (item) => item.seller_id === seller.id,
    );
    expect(mine.map((item) => [item.title, item.severity, item.holders])).toEqual([
      ['Advisory Critical Kit', 'critical', 0],
      ['Advisory High Kit', 'high', 2],
    ]);
    const [, listed] = mine;
    expect(listed).toMatchObject({
      mvp_id: high.id,
      seller_username: seller.username,
      version_number: high.version_number,
      counts: { critical: 0, high: 1, moderate: 1, low: 0, unknown: 0 },
    });
    expect(listed!.advisories.map((advisory) => advisory.advisory_id)).toEqual([
      'GHSA-35jh-r3h4-6jhm',
      'GHSA-29mw-wpgm-hmr9',
    ]);
    expect(listed!.advisories[0]).toMatchObject({
      package: 'lodash',
      version: '4.17.20',
      fixed_version: '4.17.21',
      url: advisoryUrl('GHSA-35jh-r3h4-6jhm'),
    });
  });
});
