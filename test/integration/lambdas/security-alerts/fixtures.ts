/**
 * The world of the security alert tests: a seller's live template whose stored dependency list
 * pins one package, its security report, and buyers who downloaded or deployed its version; and
 * the advisories the tests add to the local OSV server later.
 */
import { ulid } from 'ulid';
import type { OsvVulnerability } from '../../../../lambdas/security/osv';
import { packagesKeyOf, putSecurityReport, writePackages } from '../../../../lambdas/security/repo';
import { DeploymentEntity } from '../../../../lambdas/shared/db/entities/deployment';
import { DownloadEntity } from '../../../../lambdas/shared/db/entities/download';
import { NotificationEntity } from '../../../../lambdas/shared/db/entities/notification';
import type { TemplateItem } from '../../../../lambdas/shared/db/entities/template';
import { seedTemplate } from '../../../fixtures/template-items';
import type { SecurityFinding } from '../../../../contract/security';

/** An OSV record affecting `name` below `fixed` (high severity, CVSS 3.1 7.5). */
export const advisoryFor = (id: string, name: string, fixed: string): OsvVulnerability => ({
  id,
  modified: new Date().toISOString(),
  summary: `${name} can be made to crash by a crafted input. More words follow here.`,
  aliases: [`CVE-2026-${id.slice(-4)}`],
  severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H' }],
  affected: [
    {
      package: { ecosystem: 'npm', name },
      ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '0' }, { fixed }] }],
    },
  ],
  database_specific: { severity: 'HIGH' },
});

/** A version's report as the audit leaves it, with its dependency list stored. */
export const seedReport = async (
  template: Pick<TemplateItem, 'id'>,
  versionNumber: string,
  packages: { name: string; version: string }[],
  options: { status?: 'checked' | 'not_checked'; findings?: SecurityFinding[] } = {},
) => {
  const versionId = ulid();
  const key = packagesKeyOf(template.id, versionId);
  await writePackages(
    key,
    packages.map((pkg) => ({ ecosystem: 'npm' as const, ...pkg, direct: true })),
  );
  const now = new Date().toISOString();
  await putSecurityReport({
    mvp_id: template.id,
    version_id: versionId,
    version_number: versionNumber,
    status: options.status ?? 'checked',
    ...(options.status === 'not_checked' ? {} : { checked_at: now }),
    lock_files: ['package-lock.json'],
    direct_count: packages.length,
    transitive_count: 0,
    findings: options.findings ?? [],
    packages_key: key,
    created_at: now,
    updated_at: now,
  });
  return versionId;
};

export const seedLiveTemplate = (sellerId: string, title: string, versionNumber = '1.0.0') =>
  seedTemplate(sellerId, { status: 'approved', title, version_number: versionNumber });

export const seedDownload = async (
  userId: string,
  template: TemplateItem,
  versionNumber: string,
) => {
  const now = new Date().toISOString();
  await DownloadEntity.create({
    id: ulid(),
    user_id: userId,
    mvp_id: template.id,
    seller_id: template.seller_id,
    month_year: now.slice(0, 7),
    downloaded_at: now,
    version_number: versionNumber,
    mvp_title: template.title,
    mvp_slug: template.slug,
  }).go();
};

export const seedDeployment = async (
  userId: string,
  template: TemplateItem,
  versionNumber: string,
  status = 'completed',
) => {
  const now = new Date().toISOString();
  const id = ulid();
  await DeploymentEntity.create({
    id,
    user_id: userId,
    mvp_id: template.id,
    repo_name: `repo-${id.toLowerCase()}`,
    status,
    version_number: versionNumber,
    mvp_title: template.title,
    mvp_slug: template.slug,
    created_at: now,
    updated_at: now,
  }).go();
  return id;
};

/** A user's notifications of one kind. */
export const notificationsOf = async (userId: string, type: string) => {
  const { data } = await NotificationEntity.query.byUser({ user_id: userId }).go({ pages: 'all' });
  return data.filter((item) => item.type === type);
};
