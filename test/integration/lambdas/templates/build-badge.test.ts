/**
 * The card's build badge, end to end through the table: the pipeline's RecordBuild step stores a
 * version's build and, for the version the template serves, puts its outcome on the template
 * (templates/live-build.ts); the catalog carries it to the card on `/mvps` and the template page
 * as `build`. A version on its way changes the card only once it is live.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResult, TemplateDetail } from '../../../../contract/catalog';
import type { BuildPlan, BuildRecordFile } from '../../../../contract/design/build';
import { recordWithoutBuild } from '../../../../contract/design/build';
import { buildRecordKey } from '../../../../contract/design/live-previews';
import { getBuildOf } from '../../../../lambdas/builds/service';
import { handler } from '../../../../lambdas/catalog/index';
import { resetCatalogCache } from '../../../../lambdas/catalog/service';
import { publishBundle } from '../../../../lambdas/processing/tasks/publish';
import { recordBuildAndCard } from '../../../../lambdas/processing/tasks/record-build';
import { config } from '../../../../lambdas/shared/config';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { recordVersionBuildMark } from '../../../../lambdas/templates/live-build';
import { listVersions } from '../../../../lambdas/templates/repo';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { handler as templatesHandler } from '../../../../lambdas/templates/index';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { putProfile } from '../../../fixtures/profiles';
import { seedTemplate, seedTemplateWithPendingVersion } from '../../../fixtures/template-items';
import { localCloud } from '../../../fixtures/users';

const SELLER = 'seller-build-badge';
const ADMIN = `admin-build-badge-${ulid()}`;

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

const stored = async (id: string) =>
  (await TemplateEntity.get({ id }).go({ consistent: true })).data!;

/** A Vite project's plan, as PlanBuild gives it, planned at `plannedAt`. */
const vitePlan = (plannedAt: string): BuildPlan & { planned_at: string } => ({
  build: true,
  base_dir: '',
  package_manager: 'npm',
  runtime: 'node',
  lock_file: 'package-lock.json',
  install_command: 'npm ci',
  build_command: 'npm run build',
  output_dir: 'dist',
  framework: 'Vite',
  planned_at: plannedAt,
});

/** The record a build that built writes to the live previews' bucket. */
const writeBuiltRecord = async (mvpId: string, versionId: string, finishedAt: string) => {
  const record: BuildRecordFile = {
    ...recordWithoutBuild(vitePlan(finishedAt), 'failed', ''),
    outcome: 'built',
    reason: undefined,
    package_manager_version: '10.9.2',
    runtime_version: 'v24.3.0',
    install_ms: 12_000,
    build_ms: 4_000,
    output_bytes: 200_000,
    output_files: 6,
    static_site: true,
    environment: 'local',
    sandbox: 'process',
    started_at: finishedAt,
    finished_at: finishedAt,
  };
  await createS3Client(localCloud().s3Endpoint).send(
    new PutObjectCommand({
      Bucket: config().LIVE_PREVIEWS_BUCKET,
      Key: buildRecordKey(mvpId, versionId),
      Body: JSON.stringify(record),
    }),
  );
};

describe('the live build on the card', () => {
  // Every request reads the catalog version, so each change shows on the next browse.
  beforeAll(async () => {
    resetCatalogCache({ versionCheckIntervalMs: 0 });
    await putProfile({ id: ADMIN, email: `${ADMIN}@example.com`, role: 'admin' });
  });

  it("shows the live version's build, changes with its rebuild, and not with a newer version's build until it is live", async () => {
    const title = `Build badge kit ${ulid()}`;
    const { mvp, version } = await seedTemplateWithPendingVersion(SELLER, {
      status: 'processing',
      // A build recorded for an earlier file: not the live version's, so none yet.
      overrides: { title, live_build: { file_key: 'mvps/earlier/bundle.zip', outcome: 'failed' } },
    });
    const live = await liveVersionId(mvp.id, mvp.file_key!);
    expect((await cardOf(title)).build).toBeNull();

    // 1. The live version built: Builds, with npm, on the card and the template page.
    const plannedAt = new Date().toISOString();
    await writeBuiltRecord(mvp.id, live, new Date(Date.now() + 1_000).toISOString());
    const built = await recordBuildAndCard({
      mvpId: mvp.id,
      versionId: live,
      plan: vitePlan(plannedAt),
      build: { id: 'local:1', status: 'SUCCEEDED' },
    });
    expect(built).toMatchObject({ outcome: 'built', packageManager: 'npm' });
    expect((await stored(mvp.id)).live_build).toEqual({
      file_key: mvp.file_key,
      outcome: 'built',
      package_manager: 'npm',
    });
    expect((await cardOf(title)).build).toEqual({ outcome: 'built', package_manager: 'npm' });
    expect((await detailOf(mvp.id)).build).toEqual({ outcome: 'built', package_manager: 'npm' });

    // 2. A rebuild of the live version that failed (stopped, no record newer than its plan).
    const failed = await recordBuildAndCard({
      mvpId: mvp.id,
      versionId: live,
      plan: vitePlan(new Date(Date.now() + 60_000).toISOString()),
      build: { Error: 'States.Timeout', Cause: 'The build ran out of time.' },
    });
    expect(failed.outcome).toBe('failed');
    expect((await cardOf(title)).build).toEqual({ outcome: 'failed', package_manager: 'npm' });

    // 3. The newer version, still processing, is not built: its record is stored and kept aside
    // on the template, the card stays as it was (not even re-read: `updated_at` does not move).
    const before = await stored(mvp.id);
    const notBuilt = await recordBuildAndCard({
      mvpId: mvp.id,
      versionId: version.id,
      plan: { ...vitePlan(new Date().toISOString()), build: false, reason: 'No build script.' },
      build: { skipped: true },
    });
    expect(notBuilt.outcome).toBe('not_built');
    expect((await getBuildOf(mvp.id, version.id))?.outcome).toBe('not_built');
    const after = await stored(mvp.id);
    expect(after.updated_at).toBe(before.updated_at);
    expect(after.live_build).toEqual(before.live_build);
    expect(after.next_build).toEqual({
      file_key: version.file_key,
      outcome: 'not_built',
      package_manager: 'npm',
    });
    expect((await cardOf(title)).build).toEqual({ outcome: 'failed', package_manager: 'npm' });

    // 4. Once it goes live (processing's Publish switches the template's file), the card says its
    // build.
    const published = await publishBundle({
      mvpId: mvp.id,
      versionId: version.id,
      fileKey: version.file_key,
      cid: 'bafy-build-badge-kit',
    });
    expect(published.outcome).toBe('published');
    expect((await stored(mvp.id)).file_key).toBe(version.file_key);
    expect((await cardOf(title)).build).toEqual({ outcome: 'not_built', package_manager: 'npm' });
    expect((await detailOf(mvp.id)).build).toEqual({
      outcome: 'not_built',
      package_manager: 'npm',
    });

    // 5. A rebuild of the version it replaced changes nothing on the card (only its record).
    const old = await recordBuildAndCard({
      mvpId: mvp.id,
      versionId: live,
      plan: { ...vitePlan(new Date().toISOString()), build: false, reason: 'No build script.' },
      build: { skipped: true },
    });
    expect(old.outcome).toBe('not_built');
    expect((await cardOf(title)).build).toEqual({ outcome: 'not_built', package_manager: 'npm' });
    expect((await stored(mvp.id)).live_build?.outcome).toBe('failed');
  });

  it("keeps a first version's build for its approval, and writes nothing for an unknown version", async () => {
    const build = { outcome: 'built', package_manager: 'pnpm' } as const;
    const waiting = await seedTemplate(SELLER, { status: 'pending_review' });
    const version = await liveVersionId(waiting.id, waiting.file_key!);
    expect(await recordVersionBuildMark(waiting.id, ulid(), build)).toBe('none');
    expect(await recordVersionBuildMark(ulid(), ulid(), build)).toBe('none');
    expect((await stored(waiting.id)).live_build).toBeUndefined();
    // Not listed yet: kept without moving `updated_at` (the admin queue's order).
    expect(await recordVersionBuildMark(waiting.id, version, build)).toBe('live');
    const kept = await stored(waiting.id);
    expect(kept.updated_at).toBe(waiting.updated_at);
    expect(kept.live_build).toEqual({ file_key: waiting.file_key, ...build });

    const approved = await seedTemplate(SELLER, { status: 'approved' });
    const liveId = await liveVersionId(approved.id, approved.file_key!);
    expect(await recordVersionBuildMark(approved.id, liveId, build)).toBe('live');
    expect((await stored(approved.id)).updated_at).not.toBe(approved.updated_at);
    expect(await recordVersionBuildMark(approved.id, liveId, build)).toBe('unchanged');
  });

  it("shows a version's build once an admin approves it, not while it is in review", async () => {
    const title = `Reviewed build kit ${ulid()}`;
    const { mvp, version } = await seedTemplateWithPendingVersion(SELLER, { overrides: { title } });
    await recordBuildAndCard({
      mvpId: mvp.id,
      versionId: version.id,
      plan: vitePlan(new Date(Date.now() + 60_000).toISOString()),
      build: { Error: 'States.Timeout', Cause: 'The build ran out of time.' },
    });
    expect((await cardOf(title)).build).toBeNull();

    const approved = await templatesHandler(
      apiEvent({
        method: 'POST',
        path: `/api/admin/mvps/${mvp.id}/approve`,
        body: {},
        claims: idTokenClaims({ sub: ADMIN, email: `${ADMIN}@example.com` }),
      }),
      lambdaContext('templates'),
    );
    expect(approved.statusCode).toBe(200);
    expect((await cardOf(title)).build).toEqual({ outcome: 'failed', package_manager: 'npm' });
  });
});
