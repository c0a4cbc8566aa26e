/**
 * What builds cost their sellers and how long previews are kept (lambdas/builds/previews.ts,
 * record.ts; contract/design/live-previews.ts): the month's build minutes refuse a build before
 * it starts, a build is charged once however often its step is retried, a preview past the
 * month's storage is withheld and its files tagged for removal, previews of versions past a
 * template's two newest (never the live one) and of archived templates are tagged `retired`.
 */
import { GetObjectTaggingCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { describe, expect, it } from 'vitest';
import { recordWithoutBuild, type BuildRecordFile } from '../../../../contract/design/build';
import {
  COST_CAP_REASONS,
  DEFAULT_COST_CAPS,
  previewRetention,
  previewSitePrefix,
  usageMonthOf,
} from '../../../../contract/design/live-previews';
import { recordOwnedBuild } from '../../../../lambdas/builds/record';
import { getBuildOf } from '../../../../lambdas/builds/service';
import { planVersionBuild } from '../../../../lambdas/processing/tasks/plan-build';
import { retireArchivedPreviews } from '../../../../lambdas/processing/tasks/retire-archived-previews';
import { config } from '../../../../lambdas/shared/config';
import { BuildUsageEntity } from '../../../../lambdas/shared/db/entities/build-usage';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { putObject } from '../../../../lambdas/shared/storage/s3';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { zipOf } from '../../../fixtures/archives/writers';
import { seedUpload } from '../../../fixtures/template-items';
import { localCloud } from '../../../fixtures/users';

const MB = 1024 * 1024;
const bucket = () => config().LIVE_PREVIEWS_BUCKET!;
const s3 = () => createS3Client(localCloud().s3Endpoint);

/** A successful static build's record, started at `startedAt`, of `bytes`. */
const builtSite = (startedAt: string, bytes = 40_000): BuildRecordFile => ({
  ...recordWithoutBuild(null, 'not_built', ''),
  outcome: 'built',
  reason: undefined,
  framework: 'Vite',
  package_manager: 'npm',
  install_ms: 20_000,
  build_ms: 10_000,
  output_dir: 'dist',
  output_bytes: bytes,
  output_files: 2,
  static_site: true,
  environment: 'local',
  started_at: startedAt,
  finished_at: startedAt,
});

/** Writes a version's preview site (two files) as a build would. */
const publishSite = async (templateId: string, versionId: string) => {
  const prefix = previewSitePrefix(templateId, versionId);
  for (const [file, body] of [
    ['index.html', '<!doctype html><title>Preview</title>'],
    ['assets/app.js', 'console.log(1)'],
  ]) {
    await putObject({
      bucket: bucket(),
      key: `${prefix}${file}`,
      body: body!,
      contentType: 'text/plain',
    });
  }
  return [`${prefix}index.html`, `${prefix}assets/app.js`];
};

const tagsOf = async (key: string) => {
  const { TagSet = [] } = await s3().send(
    new GetObjectTaggingCommand({ Bucket: bucket(), Key: key }),
  );
  return Object.fromEntries(TagSet.map(({ Key, Value }) => [Key, Value]));
};

const retired = { [previewRetention.retiredTag.key]: previewRetention.retiredTag.value };

const usageOf = async (sellerId: string, at: Date) =>
  (
    await BuildUsageEntity.get({ seller_id: sellerId, month: usageMonthOf(at) }).go({
      consistent: true,
    })
  ).data;

/** A template with `count` versions (oldest first); the first is the one it serves. */
const templateWithVersions = async (count: number) => {
  const { mvpId, versionId, fileKey } = await seedUpload(
    zipOf({ 'index.html': 'x' }),
    'bundle.zip',
  );
  const ids = [versionId];
  for (let index = 1; index < count; index += 1) {
    const id = ulid();
    await TemplateVersionEntity.create({
      mvp_id: mvpId,
      id,
      version_number: `1.${index}.0`,
      file_key: `mvps/${mvpId}/${id}/bundle.zip`,
      file_size: 10,
      source: 'upload',
      uploaded_at: new Date().toISOString(),
    }).go();
    ids.push(id);
  }
  const { data: template } = await TemplateEntity.get({ id: mvpId }).go();
  return { mvpId, sellerId: template!.seller_id, versionIds: ids, fileKey };
};

describe('build minutes per seller and month', () => {
  it('charges a build once however often its record is stored, and a rebuild again', async () => {
    const { mvpId, sellerId, versionIds } = await templateWithVersions(1);
    const now = new Date();
    const owner = { sellerId, liveVersionId: versionIds[0]! };
    const record = builtSite('2026-12-07T10:00:00.000Z');
    await recordOwnedBuild(mvpId, versionIds[0]!, record, owner, now);
    // The step retried with the same build: stored, not charged twice.
    await recordOwnedBuild(mvpId, versionIds[0]!, record, owner, now);
    expect(await usageOf(sellerId, now)).toMatchObject({
      builds: 1,
      build_ms: 30_000,
      preview_bytes: 40_000,
    });
    // A rebuild is another build.
    await recordOwnedBuild(
      mvpId,
      versionIds[0]!,
      builtSite('2026-12-07T11:00:00.000Z'),
      owner,
      now,
    );
    expect(await usageOf(sellerId, now)).toMatchObject({ builds: 2, build_ms: 60_000 });
    // A version that was not built costs nothing.
    await recordOwnedBuild(
      mvpId,
      versionIds[0]!,
      recordWithoutBuild(null, 'not_built', 'There is no lock file.'),
      owner,
      now,
    );
    expect(await usageOf(sellerId, now)).toMatchObject({ builds: 2 });
  });

  it('plans no build once the month’s minutes are used up, and says when they come back', async () => {
    const { mvpId, sellerId, versionIds, fileKey } = await templateWithVersions(1);
    const now = new Date();
    const fresh = await planVersionBuild({ mvpId, versionId: versionIds[0], fileKey });
    expect(fresh.owner).toEqual({ seller_id: sellerId, live_version_id: versionIds[0] });
    expect(fresh.reason ?? '').not.toContain('build minutes');

    await BuildUsageEntity.upsert({ seller_id: sellerId, month: usageMonthOf(now) })
      .add({
        build_ms: DEFAULT_COST_CAPS.buildMinutesPerSeller * 60_000,
        builds: 40,
        preview_bytes: 0,
      })
      .set({ updated_at: now.toISOString(), expires_at: 0 })
      .go();
    const refused = await planVersionBuild({ mvpId, versionId: versionIds[0], fileKey });
    expect(refused.build).toBe(false);
    expect(refused.reason).toBe(
      COST_CAP_REASONS.buildMinutes(DEFAULT_COST_CAPS.buildMinutesPerSeller, new Date()),
    );
    expect(refused.reason).toMatch(/Builds start again on 1 [A-Z][a-z]+\.$/);
    // Another seller's month is their own.
    const other = await templateWithVersions(1);
    const theirs = await planVersionBuild({
      mvpId: other.mvpId,
      versionId: other.versionIds[0],
      fileKey: other.fileKey,
    });
    expect(theirs.reason ?? '').not.toContain('build minutes');
  });
});

describe('preview storage per seller and month', () => {
  it('withholds a preview past the cap and tags its files for removal', async () => {
    const { mvpId, sellerId, versionIds } = await templateWithVersions(1);
    const now = new Date();
    await BuildUsageEntity.upsert({ seller_id: sellerId, month: usageMonthOf(now) })
      .add({
        build_ms: 0,
        builds: 0,
        preview_bytes: DEFAULT_COST_CAPS.previewMegabytesPerSeller * MB - 10_000,
      })
      .set({ updated_at: now.toISOString(), expires_at: 0 })
      .go();
    const keys = await publishSite(mvpId, versionIds[0]!);
    const item = await recordOwnedBuild(
      mvpId,
      versionIds[0]!,
      builtSite(now.toISOString(), 20_000),
      { sellerId, liveVersionId: versionIds[0]! },
      now,
    );
    expect(item.preview_withheld).toBe(
      COST_CAP_REASONS.previewStorage(DEFAULT_COST_CAPS.previewMegabytesPerSeller, now),
    );
    expect((await getBuildOf(mvpId, versionIds[0]!))?.preview_withheld).toBe(item.preview_withheld);
    for (const key of keys) expect(await tagsOf(key)).toEqual(retired);
    // The build is charged, its preview bytes are not.
    expect(await usageOf(sellerId, now)).toMatchObject({
      builds: 1,
      preview_bytes: DEFAULT_COST_CAPS.previewMegabytesPerSeller * MB - 10_000,
    });
  });
});

describe('retiring previews', () => {
  it('keeps the two newest versions’ previews and the live one, and tags the rest once', async () => {
    const { mvpId, sellerId, versionIds } = await templateWithVersions(5);
    const now = new Date();
    const sites = new Map<string, string[]>();
    for (const id of versionIds) sites.set(id, await publishSite(mvpId, id));
    // The first version is live; builds of versions 2 to 5 are recorded one after the other.
    for (const [index, id] of versionIds.entries()) {
      await recordOwnedBuild(
        mvpId,
        id,
        builtSite(new Date(now.getTime() + index * 1000).toISOString()),
        { sellerId, liveVersionId: versionIds[0]! },
        now,
      );
    }
    const [live, second, third, fourth, fifth] = versionIds as [
      string,
      string,
      string,
      string,
      string,
    ];
    for (const id of [live, fourth, fifth]) {
      for (const key of sites.get(id)!) expect(await tagsOf(key), id).toEqual({});
      expect((await getBuildOf(mvpId, id))?.preview_retired_at).toBeUndefined();
    }
    for (const id of [second, third]) {
      for (const key of sites.get(id)!) expect(await tagsOf(key), id).toEqual(retired);
      expect((await getBuildOf(mvpId, id))?.preview_retired_at).toBe(now.toISOString());
    }
  });

  it('retires every preview of a template archived in the last days, and nothing twice', async () => {
    const { mvpId, sellerId, versionIds } = await templateWithVersions(2);
    const now = new Date();
    const sites = [
      ...(await publishSite(mvpId, versionIds[0]!)),
      ...(await publishSite(mvpId, versionIds[1]!)),
    ];
    for (const [index, id] of versionIds.entries()) {
      await recordOwnedBuild(
        mvpId,
        id,
        builtSite(new Date(now.getTime() + index).toISOString()),
        { sellerId, liveVersionId: versionIds[0]! },
        now,
      );
    }
    // A live template's previews stay.
    const first = await retireArchivedPreviews(now);
    expect(first.retired).toBe(0);
    for (const key of sites) expect(await tagsOf(key)).toEqual({});

    await TemplateEntity.patch({ id: mvpId })
      .set({ status: 'archived', updated_at: now.toISOString() })
      .go();
    const run = await retireArchivedPreviews(now);
    expect(run.retired).toBeGreaterThanOrEqual(2);
    for (const key of sites) expect(await tagsOf(key)).toEqual(retired);
    for (const id of versionIds) {
      expect((await getBuildOf(mvpId, id))?.preview_retired_at).toBe(now.toISOString());
    }
    // Run again: this template's previews are retired already.
    const again = await retireArchivedPreviews(now);
    expect(again.retired).toBe(run.retired - 2);
  });
});
