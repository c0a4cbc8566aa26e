/**
 * The card's security badge, end to end through the table: the templates domain records the live
 * version's worst severity (and only the live version's), the catalog carries it to the card on
 * `/mvps` and the template page as `security_badge`, critical and high only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ulid } from 'ulid';
import { handler } from '../../../../lambdas/catalog/index';
import { resetCatalogCache } from '../../../../lambdas/catalog/service';
import type { BrowseResult, TemplateDetail } from '../../../../contract/catalog';
import { recordLiveSecuritySeverity } from '../../../../lambdas/templates/security-severity';
import { listVersions } from '../../../../lambdas/templates/repo';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { SecurityReportEntity } from '../../../../lambdas/shared/db/entities/security-report';
import { publishBundle } from '../../../../lambdas/processing/tasks/publish';
import { advisoryUrl } from '../../../../contract/security';
import { apiEvent, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { seedTemplate, seedTemplateWithPendingVersion } from '../../../fixtures/template-items';

const SELLER = 'seller-security-badge';

const cardOf = async (title: string) => {
  const result = await handler(
    apiEvent({ path: '/api/mvps', query: { search: title } }),
    lambdaContext('catalog'),
  );
  expect(result.statusCode).toBe(200);
  const items = jsonBody<BrowseResult>(result).items.filter((item) => item.title === title);
  expect(items).toHaveLength(1);
  return items[0]!;
};

const detailOf = async (id: string) => {
  const result = await handler(apiEvent({ path: `/api/mvps/${id}` }), lambdaContext('catalog'));
  expect(result.statusCode).toBe(200);
  return jsonBody<TemplateDetail>(result);
};

const liveVersionId = async (templateId: string, fileKey: string) =>
  (await listVersions(templateId)).find((version) => version.file_key === fileKey)!.id;

const stored = async (id: string) => (await TemplateEntity.get({ id }).go()).data!;

describe('the live security severity on the card', () => {
  // Every request reads the catalog version, so each change shows on the next browse.
  beforeAll(() => resetCatalogCache({ versionCheckIntervalMs: 0 }));

  it('shows a badge for critical and high findings of the live version only', async () => {
    const title = `Badge kit ${ulid()}`;
    const { mvp, version } = await seedTemplateWithPendingVersion(SELLER, { overrides: { title } });
    const live = await liveVersionId(mvp.id, mvp.file_key!);
    expect((await cardOf(title)).security_badge).toBeNull();

    // A version in review is not what buyers get: its report changes nothing on the card.
    expect(await recordLiveSecuritySeverity(mvp.id, version.id, 'critical')).toBe('not_live');
    expect((await stored(mvp.id)).security_severity).toBeUndefined();

    expect(await recordLiveSecuritySeverity(mvp.id, live, 'critical')).toBe('recorded');
    expect((await cardOf(title)).security_badge).toBe('critical');
    expect((await detailOf(mvp.id)).security_badge).toBe('critical');
    expect(await recordLiveSecuritySeverity(mvp.id, live, 'critical')).toBe('unchanged');

    expect(await recordLiveSecuritySeverity(mvp.id, live, 'high')).toBe('recorded');
    expect((await cardOf(title)).security_badge).toBe('high');

    // Moderate and low findings are on the template page's panel, not on the card.
    expect(await recordLiveSecuritySeverity(mvp.id, live, 'moderate')).toBe('recorded');
    expect((await stored(mvp.id)).security_severity).toBe('moderate');
    expect((await cardOf(title)).security_badge).toBeNull();

    expect(await recordLiveSecuritySeverity(mvp.id, live, null)).toBe('recorded');
    expect((await stored(mvp.id)).security_severity).toBeUndefined();
    expect((await cardOf(title)).security_badge).toBeNull();
  });

  it('writes nothing for a template that is not live, or a version that does not exist', async () => {
    const waiting = await seedTemplate(SELLER, { status: 'pending_review' });
    const version = await liveVersionId(waiting.id, waiting.file_key!);
    expect(await recordLiveSecuritySeverity(waiting.id, version, 'critical')).toBe('not_live');
    expect(await recordLiveSecuritySeverity(waiting.id, ulid(), 'critical')).toBe('not_live');
    expect(await recordLiveSecuritySeverity(ulid(), ulid(), 'high')).toBe('not_live');
    expect((await stored(waiting.id)).security_severity).toBeUndefined();
  });

  it("is set by processing's Publish from the version's report when it goes live", async () => {
    const title = `Published kit ${ulid()}`;
    const template = await seedTemplate(SELLER, { status: 'pending_review', title });
    const versionId = await liveVersionId(template.id, template.file_key!);
    const now = new Date().toISOString();
    await SecurityReportEntity.create({
      mvp_id: template.id,
      version_id: versionId,
      version_number: template.version_number,
      status: 'checked',
      checked_at: now,
      lock_files: ['package-lock.json'],
      direct_count: 1,
      transitive_count: 0,
      findings: [
        {
          advisory_id: 'GHSA-p6mc-m468-83gw',
          aliases: [],
          ecosystem: 'npm',
          package: 'lodash',
          version: '4.17.15',
          severity: 'high',
          cvss_score: 7.4,
          summary: 'Prototype pollution in zipObjectDeep.',
          fixed_version: '4.17.19',
          direct: true,
          url: advisoryUrl('GHSA-p6mc-m468-83gw'),
        },
      ],
      created_at: now,
      updated_at: now,
    }).go();
    const result = await publishBundle({
      mvpId: template.id,
      versionId,
      fileKey: template.file_key!,
      cid: 'bafy-published-kit',
    });
    expect(result.outcome).toBe('published');
    expect((await stored(template.id)).security_severity).toBe('high');
    expect((await cardOf(title)).security_badge).toBe('high');
  });
});
