/**
 * The versions' builds through their Lambdas (the reads the security one's, Rebuild the templates
 * one's), against DynamoDB Local: the template page's
 * public read (the live version's figures and the previous version's times, never the log), the
 * seller's and admins' report with the log's end, and the owner's Rebuild (started once, refused
 * in words while it runs, when the version is processed, or when there is none).
 */
import { ulid } from 'ulid';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_MESSAGES,
  REBUILD_MESSAGES,
  REBUILD_RUNNING_MINUTES,
  buildDetailText,
  type LiveBuild,
  type NewestBuild,
  type RebuildResult,
} from '../../../../contract/builds';
import { recordWithoutBuild, type BuildRecordFile } from '../../../../contract/design/build';
import type { ApiErrorBody } from '../../../../contract/errors';
import type { HttpMethod } from '../../../../contract/routes';
import { recordVersionBuild } from '../../../../lambdas/builds/service';
import {
  setWorkflowRunner,
  type WorkflowInput,
} from '../../../../lambdas/shared/adapters/workflow';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { callRoute, makeCaller, type Caller } from '../../../fixtures/callers';
import { templateItem } from '../../../fixtures/template-fixtures';
import { seedTemplate, seedTemplateWithPendingVersion } from '../../../fixtures/template-items';

const LOG_LINE = 'vite v6.0.0 building for production... a line only the seller may read';

const started: WorkflowInput[] = [];
let failStart = false;
beforeAll(() => {
  setWorkflowRunner({
    start: async (_workflow, input) => {
      if (failStart) throw new Error('Step Functions is down');
      started.push(input);
    },
  });
});
afterAll(() => setWorkflowRunner(undefined));
beforeEach(() => {
  started.length = 0;
  failStart = false;
});

const call = <T>(method: HttpMethod, path: string, caller: Caller | null) =>
  callRoute<T>('templates', method, path, caller);

const built = (installMs: number, buildMs: number): BuildRecordFile => ({
  ...recordWithoutBuild(null, 'not_built', ''),
  outcome: 'built',
  reason: undefined,
  framework: 'Vite',
  package_manager: 'npm',
  package_manager_version: '10.9.2',
  runtime: 'node',
  runtime_version: '24.3.0',
  install_command: 'npm ci',
  build_command: 'npm run build',
  install_ms: installMs,
  build_ms: buildMs,
  output_dir: 'dist',
  output_bytes: 184_320,
  output_files: 5,
  static_site: true,
  log_tail: ['> vite build', LOG_LINE],
  environment: 'local',
  sandbox: 'process',
  started_at: new Date().toISOString(),
  finished_at: new Date().toISOString(),
});

const failed = (): BuildRecordFile => ({
  ...recordWithoutBuild(
    null,
    'failed',
    'The build command failed (exit code 2): see the end of the log.',
  ),
  failed_step: 'build',
  log_tail: ['src/main.ts(3,7): error TS2322', LOG_LINE],
});

const versionsOf = async (templateId: string) =>
  (await TemplateVersionEntity.query.byMvp({ mvp_id: templateId }).go()).data;

let owner: Caller;
let otherSeller: Caller;
let buyer: Caller;
let admin: Caller;
beforeAll(async () => {
  [owner, otherSeller, buyer, admin] = await Promise.all([
    makeCaller('seller', true),
    makeCaller('seller', true),
    makeCaller('buyer', false),
    makeCaller('admin', false),
  ]);
});

describe('GET /api/mvps/{id}/build (the template page)', () => {
  it("shows the live version's figures and the previous version's times, never the log", async () => {
    // A live 1.0.0 that built in 41 s, and a newer 1.1.0 now live that built in 48 s.
    const template = await seedTemplate(owner.sub, { status: 'approved', version_number: '1.0.0' });
    const [first] = await versionsOf(template.id);
    await TemplateVersionEntity.patch({ mvp_id: template.id, id: first!.id })
      .set({ status: 'approved' })
      .go();
    await recordVersionBuild(template.id, first!.id, built(30_000, 11_000));
    const second = { id: ulid(), key: `mvps/${owner.sub}/${ulid()}/bundle.zip` };
    await TemplateVersionEntity.create({
      mvp_id: template.id,
      id: second.id,
      version_number: '1.1.0',
      file_key: second.key,
      file_size: 2048,
      source: 'upload',
      uploaded_at: new Date().toISOString(),
      status: 'approved',
    }).go();
    await TemplateEntity.patch({ id: template.id })
      .set({ file_key: second.key, version_number: '1.1.0' })
      .go();
    await recordVersionBuild(template.id, second.id, built(36_000, 12_000));

    const answer = await call<LiveBuild>('GET', `/api/mvps/${template.id}/build`, null);
    expect(answer.status).toBe(200);
    expect(answer.body.version_number).toBe('1.1.0');
    expect(answer.body.build).toMatchObject({
      version_id: second.id,
      outcome: 'built',
      package_manager: 'npm',
      package_manager_version: '10.9.2',
      runtime_version: '24.3.0',
      install_ms: 36_000,
      build_ms: 12_000,
      output_bytes: 184_320,
      framework: 'Vite',
      static_site: true,
    });
    expect(answer.body.previous).toEqual({
      version_number: '1.0.0',
      outcome: 'built',
      install_ms: 30_000,
      build_ms: 11_000,
    });
    expect(buildDetailText(answer.body.build, answer.body.previous)).toBe(
      'npm 10.9 · Node 24 · built in 48 s, was 41 s',
    );
    // Neither the log nor the commands reach the public.
    expect(answer.raw).not.toContain(LOG_LINE);
    expect(answer.raw).not.toContain('log_tail');
    expect(answer.raw).not.toContain('npm run build');
  });

  it('says why a build failed without pointing at a log the public cannot read', async () => {
    const template = await seedTemplate(owner.sub, { status: 'approved' });
    const [version] = await versionsOf(template.id);
    await recordVersionBuild(template.id, version!.id, failed());
    const answer = await call<LiveBuild>('GET', `/api/mvps/${template.id}/build`, buyer);
    expect(answer.status).toBe(200);
    expect(answer.body.build?.outcome).toBe('failed');
    expect(answer.body.build?.reason).toBe('The build command failed (exit code 2).');
    expect(answer.raw).not.toContain(LOG_LINE);
  });

  it('answers a live version without a build as not built yet', async () => {
    const template = await seedTemplate(owner.sub, { status: 'approved' });
    const answer = await call<LiveBuild>('GET', `/api/mvps/${template.id}/build`, null);
    expect(answer.status).toBe(200);
    expect(answer.body.build).toBeNull();
    expect(buildDetailText(answer.body.build, answer.body.previous)).toBe(
      BUILD_MESSAGES.notBuiltYet,
    );
  });

  it('is a 404 for a template that is not public, and a 400 for a malformed id', async () => {
    for (const status of ['pending_review', 'scan_failed', 'rejected', 'archived'] as const) {
      const template = await seedTemplate(owner.sub, { status });
      const [version] = await versionsOf(template.id);
      await recordVersionBuild(template.id, version!.id, built(1_000, 1_000));
      const answer = await call<ApiErrorBody>('GET', `/api/mvps/${template.id}/build`, null);
      expect(answer.status, status).toBe(404);
      expect(answer.body.message).toBe(BUILD_MESSAGES.templateNotFound);
    }
    expect((await call('GET', `/api/mvps/${ulid()}/build`, null)).status).toBe(404);
    const malformed = await call<ApiErrorBody>('GET', '/api/mvps/not-an-id/build', null);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/template id is malformed/);
  });
});

describe('GET /api/mvps/{id}/build/newest (the seller and the admin review)', () => {
  it("gives the owner and admins the newest version's log; a buyer or another seller gets none", async () => {
    const { mvp, version } = await seedTemplateWithPendingVersion(owner.sub, {
      versionNumber: '2.0.0',
    });
    await recordVersionBuild(mvp.id, version.id, failed());
    for (const caller of [owner, admin]) {
      const answer = await call<NewestBuild>('GET', `/api/mvps/${mvp.id}/build/newest`, caller);
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        version_id: version.id,
        version_number: '2.0.0',
        running: false,
        can_rebuild: true,
        rebuild_refusal: null,
      });
      expect(answer.body.build?.log_tail).toEqual(['src/main.ts(3,7): error TS2322', LOG_LINE]);
      // The seller reads the reason as it was given: the log is there for them.
      expect(answer.body.build?.reason).toMatch(/see the end of the log/);
    }
    for (const caller of [buyer, otherSeller]) {
      const answer = await call<ApiErrorBody>('GET', `/api/mvps/${mvp.id}/build/newest`, caller);
      expect(answer.status).toBe(403);
      expect(answer.body.message).toBe(BUILD_MESSAGES.notAuthorized);
      expect(answer.raw).not.toContain(LOG_LINE);
    }
    expect((await call('GET', `/api/mvps/${mvp.id}/build/newest`, null)).status).toBe(401);
  });

  it('passes over a withdrawn version, and says a version is being processed', async () => {
    const withdrawn = await seedTemplateWithPendingVersion(owner.sub, { status: 'withdrawn' });
    const answer = await call<NewestBuild>(
      'GET',
      `/api/mvps/${withdrawn.mvp.id}/build/newest`,
      owner,
    );
    expect(answer.body.version_number).toBe(withdrawn.mvp.version_number);

    const processing = await seedTemplateWithPendingVersion(owner.sub, {
      status: 'processing',
      versionNumber: '3.0.0',
    });
    const running = await call<NewestBuild>(
      'GET',
      `/api/mvps/${processing.mvp.id}/build/newest`,
      owner,
    );
    expect(running.body).toMatchObject({
      version_number: '3.0.0',
      build: null,
      running: true,
      can_rebuild: false,
      rebuild_refusal: REBUILD_MESSAGES.stillProcessing('3.0.0'),
    });
  });
});

describe('POST /api/mvps/{id}/rebuild', () => {
  it('starts the build steps once for the newest version; a second press while it runs is refused', async () => {
    const template = await seedTemplate(owner.sub, { status: 'approved' });
    const [version] = await versionsOf(template.id);
    await recordVersionBuild(template.id, version!.id, failed());

    const first = await call<RebuildResult>('POST', `/api/mvps/${template.id}/rebuild`, owner);
    expect(first.status).toBe(202);
    expect(first.body.message).toBe(REBUILD_MESSAGES.started(template.version_number));
    expect(started).toEqual([
      { mvpId: template.id, versionId: version!.id, fileKey: template.file_key, only: 'build' },
    ]);

    const again = await call<ApiErrorBody>('POST', `/api/mvps/${template.id}/rebuild`, owner);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REBUILD_MESSAGES.alreadyRunning(template.version_number));
    const report = await call<NewestBuild>('GET', `/api/mvps/${template.id}/build/newest`, owner);
    expect(report.body).toMatchObject({
      running: true,
      can_rebuild: false,
      rebuild_refusal: REBUILD_MESSAGES.alreadyRunning(template.version_number),
    });
    expect(started).toHaveLength(1);

    // The rebuild's record arrives: it is no longer running, and Rebuild is offered again.
    await recordVersionBuild(template.id, version!.id, built(20_000, 5_000));
    const after = await call<NewestBuild>('GET', `/api/mvps/${template.id}/build/newest`, owner);
    expect(after.body).toMatchObject({ running: false, can_rebuild: true });
    expect(after.body.build?.outcome).toBe('built');
    expect((await call('POST', `/api/mvps/${template.id}/rebuild`, owner)).status).toBe(202);
    expect(started).toHaveLength(2);
  });

  it('starts one build when two presses arrive together', async () => {
    const template = await seedTemplate(owner.sub, { status: 'approved' });
    const answers = await Promise.all(
      [1, 2, 3].map(() => call<ApiErrorBody>('POST', `/api/mvps/${template.id}/rebuild`, owner)),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([202, 409, 409]);
    expect(started).toHaveLength(1);
  });

  it('offers Rebuild again when a requested build never came back within its time limit', async () => {
    const template = await seedTemplate(owner.sub, { status: 'approved' });
    const [version] = await versionsOf(template.id);
    const long = new Date(Date.now() - (REBUILD_RUNNING_MINUTES + 1) * 60_000).toISOString();
    await TemplateVersionEntity.patch({ mvp_id: template.id, id: version!.id })
      .set({ build_requested_at: long })
      .go();
    expect((await call('POST', `/api/mvps/${template.id}/rebuild`, owner)).status).toBe(202);
  });

  it('gives the claim back when the build cannot start', async () => {
    const template = await seedTemplate(owner.sub, { status: 'approved' });
    failStart = true;
    const down = await call<ApiErrorBody>('POST', `/api/mvps/${template.id}/rebuild`, owner);
    expect(down.status).toBe(503);
    expect(down.body.message).toBe(REBUILD_MESSAGES.notStarted);
    failStart = false;
    expect((await call('POST', `/api/mvps/${template.id}/rebuild`, owner)).status).toBe(202);
  });

  it('refuses anyone but the owner, admins included, and starts nothing for them', async () => {
    const template = await seedTemplate(owner.sub, { status: 'approved' });
    const anotherSeller = await call<ApiErrorBody>(
      'POST',
      `/api/mvps/${template.id}/rebuild`,
      otherSeller,
    );
    expect(anotherSeller.status).toBe(403);
    expect(anotherSeller.body.message).toBe(REBUILD_MESSAGES.notOwner);
    // A buyer and an admin without seller rights are refused by the route's policy.
    expect((await call('POST', `/api/mvps/${template.id}/rebuild`, buyer)).status).toBe(403);
    expect((await call('POST', `/api/mvps/${template.id}/rebuild`, admin)).status).toBe(403);
    expect((await call('POST', `/api/mvps/${template.id}/rebuild`, null)).status).toBe(401);
    expect(started).toEqual([]);
    const [version] = await versionsOf(template.id);
    expect(version!.build_requested_at).toBeUndefined();
  });

  it('refuses in words while the version is processed, after a refused scan, and without a version', async () => {
    const processing = await seedTemplateWithPendingVersion(owner.sub, {
      status: 'processing',
      versionNumber: '4.0.0',
    });
    const busy = await call<ApiErrorBody>('POST', `/api/mvps/${processing.mvp.id}/rebuild`, owner);
    expect(busy.status).toBe(409);
    expect(busy.body.message).toBe(REBUILD_MESSAGES.stillProcessing('4.0.0'));

    const refused = await seedTemplateWithPendingVersion(owner.sub, {
      status: 'scan_failed',
      versionNumber: '4.1.0',
    });
    const scan = await call<ApiErrorBody>('POST', `/api/mvps/${refused.mvp.id}/rebuild`, owner);
    expect(scan.status).toBe(409);
    expect(scan.body.message).toBe(REBUILD_MESSAGES.scanRefused('4.1.0'));

    const bare = templateItem({ seller_id: owner.sub, status: 'pending_review' });
    await TemplateEntity.create(bare).go();
    const none = await call<ApiErrorBody>('POST', `/api/mvps/${bare.id}/rebuild`, owner);
    expect(none.status).toBe(409);
    expect(none.body.message).toBe(REBUILD_MESSAGES.noVersion);
    expect(started).toEqual([]);
  });
});
