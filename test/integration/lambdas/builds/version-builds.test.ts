/**
 * Version builds through the processing pipeline, as the local stack runs them: the state
 * machine's Build state run by the local build runner (lib/local/build/) against the local npm
 * registry (verdaccio, seeded from this project's installed packages, no uplink), offline. Each
 * upload is processed to its end; its build record is read back through the builds service, and
 * the version is published whatever the build did.
 */
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { execFileSync } from 'node:child_process';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_LIMITS, BUILD_REASONS } from '../../../../contract/design/build';
import {
  CAPTURE_REASONS,
  capturePixels,
  pngSizeOf,
  screenshotKeyOf,
} from '../../../../contract/design/capture';
import { buildRecordKey, previewSitePrefix } from '../../../../contract/design/live-previews';
import { getBuildWithPrevious } from '../../../../lambdas/builds/service';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { config } from '../../../../lambdas/shared/config';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { readObject } from '../../../../lambdas/shared/storage/s3';
import { startProcessing, startRebuild } from '../../../../lambdas/templates/processing-start';
import { findChromium } from '../../../../lib/local/build/capture';
import { createLocalCodeBuild } from '../../../../lib/local/build/codebuild';
import { startLocalRegistry, type LocalRegistry } from '../../../../lib/local/build/registry';
import { sandboxOfMachine } from '../../../../lib/local/build/sandbox';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import {
  brokenViteTemplate,
  MISSING_PACKAGE,
  missingDependencyTemplate,
  scriptTemplate,
  serverTemplate,
  viteTemplate,
} from '../../../fixtures/build-templates';
import { zipOf } from '../../../fixtures/archives/writers';
import { seedUpload } from '../../../fixtures/template-items';
import { localCloud } from '../../../fixtures/users';

let registry: LocalRegistry;

/** A runner whose Build state runs real local builds, with `limits` in place of BUILD_LIMITS. */
const buildingRunner = (limits?: Parameters<typeof createLocalCodeBuild>[0]['limits']) =>
  createLocalWorkflowRunner({
    retryIntervalMs: 10,
    log: () => undefined,
    services: {
      'codebuild:startBuild.sync': createLocalCodeBuild({
        enabled: true,
        registryUrl: async () => registry.url,
        limits,
      }),
    },
  });

const runner = buildingRunner();
/** Builds stopped after 3 seconds. */
const impatientRunner = buildingRunner({ buildTimeoutSeconds: 3 });

beforeAll(async () => {
  registry = await startLocalRegistry();
}, 120_000);

afterAll(async () => {
  setWorkflowRunner(undefined);
  await registry?.stop();
});

const BUILD_TIMEOUT = 240_000;

/** Processes a version of `files` (zipped in a top folder) to its end with `using`. */
const processVersion = async (
  files: Record<string, string>,
  using = runner,
  existing?: { mvpId: string },
) => {
  setWorkflowRunner(using);
  const bytes = zipOf(Object.fromEntries(Object.entries(files).map(([p, t]) => [`app/${p}`, t])));
  let mvpId: string;
  let versionId: string;
  let fileKey: string;
  if (existing) {
    mvpId = existing.mvpId;
    versionId = ulid();
    fileKey = `mvps/${mvpId}/${versionId}/bundle.zip`;
    await createS3Client(localCloud().s3Endpoint).send(
      new PutObjectCommand({ Bucket: config().MVP_FILES_BUCKET, Key: fileKey, Body: bytes }),
    );
    await TemplateVersionEntity.create({
      mvp_id: mvpId,
      id: versionId,
      version_number: '1.1.0',
      file_key: fileKey,
      file_size: bytes.length,
      source: 'upload',
      uploaded_at: new Date().toISOString(),
    }).go();
  } else {
    ({ mvpId, versionId, fileKey } = await seedUpload(bytes, 'bundle.zip'));
  }
  const started = Date.now();
  await startProcessing({ mvpId, versionId, fileKey });
  await Promise.all([...using.running]);
  const { build, previous } = await getBuildWithPrevious(mvpId, versionId);
  const { data: template } = await TemplateEntity.get({ id: mvpId }).go({ consistent: true });
  return {
    mvpId,
    versionId,
    build: build!,
    previous,
    template: template!,
    ms: Date.now() - started,
  };
};

const previewObject = async (key: string) => {
  const bytes = await readObject(config().LIVE_PREVIEWS_BUCKET!, key);
  return bytes ? Buffer.from(bytes).toString('utf8') : null;
};

describe('version builds in the processing pipeline, offline', () => {
  it(
    'builds a Vite + React + TypeScript template from the local registry: built, durations, output size, a static site',
    async () => {
      const { mvpId, versionId, build, template, ms } = await processVersion(viteTemplate());
      expect(build, build.log_tail.join('\n')).toMatchObject({
        outcome: 'built',
        framework: 'Vite',
        package_manager: 'npm',
        runtime: 'node',
        runtime_version: process.versions.node,
        install_command: 'npm ci',
        // Vite's relative base, so the site works under its preview folder.
        build_command: 'npm run build -- --base=./',
        output_dir: 'dist',
        static_site: true,
        environment: 'local',
        sandbox: sandboxOfMachine().kind,
      });
      expect(build.package_manager_version).toMatch(/^\d+\.\d+\.\d+/);
      expect(build.install_ms).toBeGreaterThan(0);
      expect(build.build_ms).toBeGreaterThan(0);
      expect(build.output_bytes).toBeGreaterThan(1_000);
      expect(build.output_files).toBeGreaterThanOrEqual(2);
      expect(build.log_tail.some((line) => /built in/.test(line))).toBe(true);
      expect(build.log_tail.length).toBeLessThanOrEqual(BUILD_LIMITS.logLines);
      // The record the build wrote, and the site's page beside it.
      expect(JSON.parse((await previewObject(buildRecordKey(mvpId, versionId)))!)).toMatchObject({
        outcome: 'built',
      });
      expect(await previewObject(`${previewSitePrefix(mvpId, versionId)}index.html`)).toContain(
        '<div id="root"></div>',
      );
      // The pictures of its first screen, beside the record, stored with the build (a machine
      // without Chromium says why instead).
      if (findChromium()) {
        expect(build.screenshot_reason).toBeUndefined();
        expect(build.screenshots?.map((shot) => shot.viewport)).toEqual(['desktop', 'phone']);
        for (const shot of build.screenshots ?? []) {
          expect(shot.key).toBe(screenshotKeyOf(buildRecordKey(mvpId, versionId), shot.viewport));
          const png = await readObject(config().LIVE_PREVIEWS_BUCKET!, shot.key);
          expect(pngSizeOf(png!)).toEqual(capturePixels(shot.viewport));
        }
      } else {
        expect(build.screenshot_reason).toBe(CAPTURE_REASONS.noBrowser);
      }
      expect(template.status).toBe('approved');
      // The card's badge: RecordBuild put the outcome on the template, shown now it is live.
      expect(template.live_build).toEqual({
        file_key: template.file_key,
        outcome: 'built',
        package_manager: 'npm',
      });
      console.log(
        `Vite template through the pipeline: ${ms} ms (install ${build.install_ms} ms, build ${build.build_ms} ms, output ${build.output_bytes} bytes; registry seed ${registry.seed.seeded ? 'cold' : 'warm'} ${registry.seed.ms} ms)`,
      );
    },
    BUILD_TIMEOUT,
  );

  it(
    'records a build that fails to type-check as failed, with the end of its log, and publishes the version',
    async () => {
      const { build, template } = await processVersion(brokenViteTemplate());
      expect(build).toMatchObject({
        outcome: 'failed',
        failed_step: 'build',
        reason: BUILD_REASONS.buildFailed(1),
        static_site: false,
        output_bytes: null,
      });
      expect(build.install_ms).toBeGreaterThan(0);
      expect(build.log_tail.join('\n')).toMatch(/error TS2322/);
      expect(template.status).toBe('approved');
    },
    BUILD_TIMEOUT,
  );

  it(
    'fails at once with the name of a dependency the registry does not have (no hang), and publishes the version',
    async () => {
      const { build, template } = await processVersion(missingDependencyTemplate());
      expect(build).toMatchObject({ outcome: 'failed', failed_step: 'install', build_ms: null });
      expect(build.reason).toContain(MISSING_PACKAGE);
      expect(build.install_ms).toBeLessThan(30_000);
      expect(build.log_tail.join('\n')).toMatch(/404/);
      expect(template.status).toBe('approved');
    },
    BUILD_TIMEOUT,
  );

  it('records a server template (no build script) as not built, with the reason, without a build', async () => {
    const { build, template } = await processVersion(serverTemplate());
    expect(build).toMatchObject({
      outcome: 'not_built',
      reason: BUILD_REASONS.noBuildScript,
      package_manager: 'npm',
      install_ms: null,
      started_at: null,
    });
    expect(template.status).toBe('approved');
  });

  it('records a bundle without package.json as not built, without a build', async () => {
    const { build, template } = await processVersion({ 'index.html': '<h1>Hi</h1>\n' });
    expect(build).toMatchObject({ outcome: 'not_built', reason: BUILD_REASONS.noManifest });
    expect(template.status).toBe('approved');
  });

  it(
    'stops a build past its time limit, with whatever it started in the background',
    async () => {
      const marker = `sleep 31${Math.floor(Math.random() * 90 + 10)}`;
      const { build, template } = await processVersion(
        scriptTemplate(`${marker} & echo waiting; while true; do sleep 1; done`),
        impatientRunner,
      );
      expect(build).toMatchObject({
        outcome: 'failed',
        failed_step: 'build',
        reason: BUILD_REASONS.timedOut('build', 3),
      });
      expect(build.build_ms).toBeGreaterThanOrEqual(3_000);
      expect(build.log_tail).toContain('waiting');
      const left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' })
        .split('\n')
        .filter((line) => line.trim() === marker);
      expect(left).toEqual([]);
      expect(template.status).toBe('approved');
    },
    BUILD_TIMEOUT,
  );

  it.skipIf(sandboxOfMachine().kind === 'process')(
    'gives the build command no network (the registry is out of its reach)',
    async () => {
      const { build } = await processVersion(
        scriptTemplate(
          `node -e "fetch('${registry.url}-/ping').then(() => console.log('reached'), () => { console.error('no network'); process.exit(4); })"`,
        ),
      );
      expect(build).toMatchObject({ outcome: 'failed', reason: BUILD_REASONS.buildFailed(4) });
      expect(build.log_tail).toContain('no network');
    },
    BUILD_TIMEOUT,
  );

  it(
    "gives a version's build with the previous version's, for the comparison",
    async () => {
      const site = scriptTemplate('mkdir -p dist && echo "<h1>v</h1>" > dist/index.html');
      const first = await processVersion(site);
      expect(first.build).toMatchObject({ outcome: 'built', static_site: true, output_files: 1 });
      expect(first.previous).toBeNull();
      const second = await processVersion(site, runner, { mvpId: first.mvpId });
      expect(second.build.outcome).toBe('built');
      expect(second.previous).toMatchObject({
        version_id: first.versionId,
        build_ms: first.build.build_ms,
      });
    },
    BUILD_TIMEOUT,
  );

  it(
    'rebuilds a processed version alone: its build replaced, nothing else changed',
    async () => {
      const first = await processVersion(
        scriptTemplate('mkdir -p dist && echo "<h1>v</h1>" > dist/index.html'),
      );
      const { data: before } = await TemplateEntity.get({ id: first.mvpId }).go({
        consistent: true,
      });
      const { data: version } = await TemplateVersionEntity.get({
        mvp_id: first.mvpId,
        id: first.versionId,
      }).go({ consistent: true });
      setWorkflowRunner(runner);
      await startRebuild({
        mvpId: first.mvpId,
        versionId: first.versionId,
        fileKey: version!.file_key,
      });
      await Promise.all([...runner.running]);
      const { build } = await getBuildWithPrevious(first.mvpId, first.versionId);
      expect(build).toMatchObject({ outcome: 'built', static_site: true });
      expect(build!.recorded_at > first.build.recorded_at).toBe(true);
      const { data: after } = await TemplateEntity.get({ id: first.mvpId }).go({
        consistent: true,
      });
      expect(after).toEqual(before);
    },
    BUILD_TIMEOUT,
  );

  it('records a build the local stack stopped as not built, so a later start builds it again', async () => {
    const codebuild = createLocalCodeBuild({
      enabled: true,
      registryUrl: async () => registry.url,
    });
    const stopping = createLocalWorkflowRunner({
      retryIntervalMs: 10,
      log: () => undefined,
      services: { 'codebuild:startBuild.sync': codebuild },
    });
    codebuild.abort();
    const { build, template } = await processVersion(scriptTemplate('sleep 600'), stopping);
    expect(build).toMatchObject({
      outcome: 'not_built',
      reason: BUILD_REASONS.stoppedLocally,
      build_ms: null,
    });
    expect(template.status).toBe('approved');
  });
});
