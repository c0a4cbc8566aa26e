/**
 * The dependency audit against a local OSV server of its own (lib/local/servers/osv, real
 * advisories), DynamoDB Local and s3rver: bundles with lock files of several formats give their
 * packages and findings (severity, fix, direct), paging of OSV's answers is followed, an outage is
 * `not_checked` (then a re-check fills it in), a manifest without a lock file is `not_pinned`; the
 * whole processing state machine publishes a version while OSV is down; the two read routes.
 */
import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { PutObjectCommand } from '@aws-sdk/client-s3';
import { ulid } from 'ulid';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SECURITY_MESSAGES, type SecurityReport } from '../../../../contract/security';
import { handler } from '../../../../lambdas/security/index';
import { createOsvClient } from '../../../../lambdas/security/osv';
import { readPackages } from '../../../../lambdas/security/repo';
import { auditVersion, recheckVersion } from '../../../../lambdas/security/audit-version';
import { setWorkflowRunner } from '../../../../lambdas/shared/adapters/workflow';
import { TemplateEntity } from '../../../../lambdas/shared/db/entities/template';
import { TemplateVersionEntity } from '../../../../lambdas/shared/db/entities/template-version';
import { startProcessing } from '../../../../lambdas/templates/processing-start';
import { createS3Client } from '../../../../lib/local/emulators/resources';
import { createLocalWorkflowRunner } from '../../../../lib/local/cloud/state-machines';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { cleanTemplates } from '../../../fixtures/archives/clean-templates';
import { rarOf } from '../../../fixtures/archives/rar-writer';
import { tarGzOf, zipOf, type FileTree } from '../../../fixtures/archives/writers';
import { putProfile } from '../../../fixtures/profiles';
import { templateItem } from '../../../fixtures/template-fixtures';
import { localCloud } from '../../../fixtures/users';

/** This file's OSV server, so its outages and paging touch no other file's runs. */
const osv = await vi.hoisted(async () => {
  const { startLocalOsv: start } = await import('../../../../lib/local/servers/osv/index');
  const server = await start({ port: 0, pageSize: 1 });
  process.env.OSV_API_URL = server.endpoint;
  process.env.OSV_RETRY_BASE_MS = '10';
  process.env.OSV_REQUEST_TIMEOUT_MS = '500';
  return server;
});

const fixture = (name: string) =>
  readFileSync(new URL(`../../../fixtures/lockfiles/${name}`, import.meta.url), 'utf8');

const client = () => createOsvClient({ baseUrl: osv.endpoint, timeoutMs: 500, retryBaseMs: 10 });
const s3 = () => createS3Client(localCloud().s3Endpoint);
const runner = createLocalWorkflowRunner({ retryIntervalMs: 10, log: () => undefined });

beforeAll(() => setWorkflowRunner(runner));
afterAll(async () => {
  setWorkflowRunner(undefined);
  await osv.stop();
});

/** A template, its version and its bundle in the bucket, as the seller domain leaves them. */
const upload = async (
  bytes: Uint8Array,
  fileName: string,
  status: 'approved' | 'pending_review' = 'pending_review',
) => {
  const sellerId = `seller-${ulid()}`;
  const template = templateItem({ seller_id: sellerId, status, version_number: '1.0.0' });
  const versionId = ulid();
  const fileKey = `mvps/${sellerId}/${template.id}/${versionId}/${fileName}`;
  await s3().send(
    new PutObjectCommand({ Bucket: process.env.MVP_FILES_BUCKET, Key: fileKey, Body: bytes }),
  );
  await TemplateEntity.create({
    ...template,
    file_key: fileKey,
    original_file_name: fileName,
  }).go();
  await TemplateVersionEntity.create({
    mvp_id: template.id,
    id: versionId,
    version_number: '1.0.0',
    file_key: fileKey,
    file_size: bytes.length,
    original_file_name: fileName,
    source: 'upload',
    uploaded_at: new Date().toISOString(),
  }).go();
  return { mvpId: template.id, versionId, fileKey, sellerId };
};

const npmBundle: FileTree = {
  'starter/package.json': fixture('package.json'),
  'starter/package-lock.json': fixture('package-lock.v3.json'),
  'starter/src/index.js': 'console.log("hello");\n',
};

describe('the audit of one version', () => {
  it('package-lock.json in a top folder: the packages, and each finding with severity, fix and direct', async () => {
    const up = await upload(zipOf(npmBundle), 'starter.zip');
    const report = await auditVersion({ ...up, filesScanned: 3 }, client());
    expect(report).toMatchObject({
      status: 'checked',
      version_number: '1.0.0',
      lock_files: ['starter/package-lock.json'],
      dependencies: { direct: 3, transitive: 4 },
      counts: { critical: 1, high: 2, moderate: 0, low: 0, unknown: 0 },
      upload_scan: { files_scanned: 3 },
    });
    expect(report.checked_at).toEqual(expect.any(String));
    expect(
      report.findings.map((f) => [
        f.advisory_id,
        f.package,
        f.version,
        f.severity,
        f.fixed_version,
        f.direct,
      ]),
    ).toEqual([
      ['GHSA-xvch-5gv4-984h', 'minimist', '1.2.5', 'critical', '1.2.6', false],
      ['GHSA-35jh-r3h4-6jhm', 'lodash', '4.17.15', 'high', '4.17.21', true],
      ['GHSA-p6mc-m468-83gw', 'lodash', '4.17.15', 'high', '4.17.20', true],
    ]);
    expect(report.findings[0]).toMatchObject({
      aliases: ['CVE-2021-44906'],
      cvss_score: 9.8,
      ecosystem: 'npm',
      url: 'https://osv.dev/vulnerability/GHSA-xvch-5gv4-984h',
    });
    // The dependency list is kept for re-checks: the bundle is not read again.
    const kept = await readPackages(`security/packages/${up.mvpId}/${up.versionId}.json`);
    expect(kept).toHaveLength(7);
    expect(kept).toContainEqual({
      ecosystem: 'npm',
      name: 'lodash',
      version: '4.17.15',
      direct: true,
    });
  });

  it('RAR: the same report as the zip; installed folders and other files are not read', async () => {
    const fromZip = await auditVersion(await upload(zipOf(npmBundle), 'starter.zip'), client());
    const up = await upload(
      rarOf({
        ...npmBundle,
        'starter/node_modules/left-pad/package-lock.json': fixture('package-lock.v3.json'),
      }),
      'starter.rar',
    );
    const report = await auditVersion(up, client());
    const comparable = ({
      status,
      lock_files,
      dependencies,
      counts,
      findings,
    }: SecurityReport) => ({
      status,
      lock_files,
      dependencies,
      counts,
      findings,
    });
    expect(comparable(report)).toEqual(comparable(fromZip));
    expect(report).toMatchObject({ status: 'checked', lock_files: ['starter/package-lock.json'] });
    expect(await readPackages(`security/packages/${up.mvpId}/${up.versionId}.json`)).toHaveLength(
      7,
    );
  });

  it('tar.gz with yarn (Berry) and Python lock files: every ecosystem looked up', async () => {
    const bytes = await tarGzOf({
      'web/package.json': fixture('package.json'),
      'web/yarn.lock': fixture('yarn.berry.lock'),
      'api/requirements.txt': fixture('requirements.txt'),
      'node_modules/left-pad/package.json': '{"dependencies":{"minimist":"1.2.0"}}',
    });
    const up = await upload(bytes, 'mono.tar.gz');
    const report = await auditVersion(up, client());
    expect(report.lock_files).toEqual(['api/requirements.txt', 'web/yarn.lock']);
    const found = report.findings.map(
      (f) => `${f.package}@${f.version} ${f.advisory_id} → ${f.fixed_version}`,
    );
    expect(found.sort()).toEqual([
      'lodash@4.17.15 GHSA-35jh-r3h4-6jhm → 4.17.21',
      'lodash@4.17.15 GHSA-p6mc-m468-83gw → 4.17.20',
      'minimist@1.2.5 GHSA-xvch-5gv4-984h → 1.2.6',
      'requests@2.31.0 GHSA-9wx4-h78v-vm56 → 2.32.2',
      'urllib3@2.0.7 GHSA-34jh-p97f-mpxf → 2.2.2',
    ]);
  });

  it('a package.json without a lock file is not pinned; no manifest at all is no dependencies', async () => {
    const unpinned = await upload(zipOf({ 'package.json': fixture('package.json') }), 'a.zip');
    expect((await auditVersion(unpinned, client())).status).toBe('not_pinned');
    const none = await upload(zipOf({ 'site/index.html': '<p>hi</p>' }), 'b.zip');
    expect(await auditVersion(none, client())).toMatchObject({
      status: 'no_dependencies',
      findings: [],
      dependencies: { direct: 0, transitive: 0 },
    });
  });

  it('an advisory added later is found by a re-check, from the kept list', async () => {
    const up = await upload(zipOf({ 'requirements.txt': 'Django==4.2.11\n' }), 'django.zip');
    expect((await auditVersion(up, client())).findings).toEqual([]);
    await osv.control.addAdvisory({
      id: 'GHSA-test-late-0001',
      summary: 'A test advisory published after the version was audited.',
      severity: [{ type: 'CVSS_V3', score: 'CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N' }],
      affected: [
        {
          package: { ecosystem: 'PyPI', name: 'django' },
          ranges: [{ type: 'ECOSYSTEM', events: [{ introduced: '4.2' }, { fixed: '4.2.14' }] }],
        },
      ],
    });
    const { report, checked } = await recheckVersion(up.mvpId, up.versionId, client());
    expect(checked).toBe(true);
    expect(report!.findings).toMatchObject([
      {
        advisory_id: 'GHSA-test-late-0001',
        package: 'Django',
        severity: 'critical',
        fixed_version: '4.2.14',
        direct: true,
      },
    ]);
  });
});

describe('OSV down', () => {
  it('not checked yet after the retries; a re-check fills it in once OSV answers', async () => {
    const up = await upload(zipOf(npmBundle), 'down.zip');
    await osv.control.setOutage('unavailable');
    try {
      const report = await auditVersion(up, client());
      expect(report).toMatchObject({ status: 'not_checked', checked_at: null, findings: [] });
      expect(report.dependencies).toEqual({ direct: 3, transitive: 4 });
    } finally {
      await osv.control.setOutage('none');
    }
    const { report } = await recheckVersion(up.mvpId, up.versionId, client());
    expect(report).toMatchObject({ status: 'checked', counts: { critical: 1, high: 2 } });
  });

  it('an unanswered OSV (hang) is not checked either, within the timeouts', async () => {
    const up = await upload(zipOf(npmBundle), 'hang.zip');
    await osv.control.setOutage('hang');
    try {
      const started = Date.now();
      expect((await auditVersion(up, client())).status).toBe('not_checked');
      expect(Date.now() - started).toBeLessThan(5_000);
    } finally {
      await osv.control.setOutage('none');
    }
  });

  it('the processing state machine still publishes the version, its report not checked', async () => {
    const up = await upload(
      zipOf({
        ...cleanTemplates['react-vite-app']!,
        'react-vite-starter/package-lock.json': fixture('package-lock.v3.json'),
      }),
      'react.zip',
    );
    await osv.control.setOutage('unavailable');
    try {
      await startProcessing(up);
      await Promise.all([...runner.running]);
    } finally {
      await osv.control.setOutage('none');
    }
    const template = (await TemplateEntity.get({ id: up.mvpId }).go({ consistent: true })).data!;
    expect(template.status).toBe('approved');
    const route = await handler(
      apiEvent({ path: `/api/mvps/${up.mvpId}/security` }),
      lambdaContext('security'),
    );
    expect(route.statusCode).toBe(200);
    expect(jsonBody<SecurityReport>(route).status).toBe('not_checked');
  });
});

describe('read routes', () => {
  const call = (path: string, sub?: string) =>
    handler(
      apiEvent({
        path,
        claims: sub ? idTokenClaims({ sub, email: `${sub}@example.com` }) : undefined,
      }),
      lambdaContext('security'),
    );

  it("public: the live version's report of an approved template; 404 otherwise", async () => {
    const live = await upload(zipOf(npmBundle), 'live.zip', 'approved');
    await auditVersion(live, client());
    const ok = await call(`/api/mvps/${live.mvpId}/security`);
    expect(ok.statusCode).toBe(200);
    expect(jsonBody<SecurityReport>(ok)).toMatchObject({
      version_id: live.versionId,
      counts: { critical: 1 },
    });

    const pending = await upload(zipOf(npmBundle), 'pending.zip');
    await auditVersion(pending, client());
    const hidden = await call(`/api/mvps/${pending.mvpId}/security`);
    expect(hidden.statusCode).toBe(404);
    expect(jsonBody<{ message: string }>(hidden).message).toBe(SECURITY_MESSAGES.notFound);
  });

  it('any version: its seller and an admin read it, anyone else gets 403', async () => {
    const up = await upload(zipOf(npmBundle), 'own.zip');
    await auditVersion(up, client());
    await putProfile({ id: up.sellerId, role: 'seller', is_seller_approved: true });
    const stranger = `buyer-${randomUUID()}`;
    await putProfile({ id: stranger });
    const admin = `admin-${randomUUID()}`;
    await putProfile({ id: admin, role: 'admin' });
    const path = `/api/mvps/${up.mvpId}/versions/${up.versionId}/security`;
    expect((await call(path, up.sellerId)).statusCode).toBe(200);
    expect((await call(path, admin)).statusCode).toBe(200);
    expect((await call(path, stranger)).statusCode).toBe(403);
    expect((await call(path)).statusCode).toBe(401);
    expect(
      (await call(`/api/mvps/${up.mvpId}/versions/${ulid()}/security`, up.sellerId)).statusCode,
    ).toBe(404);
  });

  it("newest, for the seller's pages: a first version never live, a version over a live one", async () => {
    // A first version held for review: no live report, the newest is its own.
    const first = await upload(zipOf(npmBundle), 'first.zip');
    await auditVersion(first, client());
    await putProfile({ id: first.sellerId, role: 'seller', is_seller_approved: true });
    const newest = (mvpId: string, sub: string) => call(`/api/mvps/${mvpId}/security/newest`, sub);
    expect((await call(`/api/mvps/${first.mvpId}/security`)).statusCode).toBe(404);
    const held = await newest(first.mvpId, first.sellerId);
    expect(held.statusCode).toBe(200);
    expect(jsonBody<SecurityReport>(held)).toMatchObject({
      version_id: first.versionId,
      version_number: '1.0.0',
      counts: { critical: 1 },
    });

    // A live version alone, then a newer one in review over it, then that one withdrawn.
    const live = await upload(zipOf(npmBundle), 'live.zip', 'approved');
    await auditVersion(live, client());
    await putProfile({ id: live.sellerId, role: 'seller', is_seller_approved: true });
    const versionOf = async (mvpId: string) =>
      jsonBody<SecurityReport>(await newest(mvpId, live.sellerId)).version_number;
    expect(await versionOf(live.mvpId)).toBe('1.0.0');
    const nextId = ulid();
    const fileKey = `mvps/${live.sellerId}/${live.mvpId}/${nextId}/next.zip`;
    const bytes = zipOf({ 'package.json': fixture('package.json') });
    await s3().send(
      new PutObjectCommand({ Bucket: process.env.MVP_FILES_BUCKET, Key: fileKey, Body: bytes }),
    );
    await TemplateVersionEntity.create({
      mvp_id: live.mvpId,
      id: nextId,
      version_number: '1.1.0',
      file_key: fileKey,
      file_size: bytes.length,
      original_file_name: 'next.zip',
      source: 'upload',
      uploaded_at: new Date().toISOString(),
      status: 'pending_review',
    }).go();
    await auditVersion({ mvpId: live.mvpId, versionId: nextId, fileKey }, client());
    expect(await versionOf(live.mvpId)).toBe('1.1.0');
    // The public route keeps the live version's.
    const publicReport = await call(`/api/mvps/${live.mvpId}/security`);
    expect(jsonBody<SecurityReport>(publicReport).version_number).toBe('1.0.0');
    await TemplateVersionEntity.patch({ mvp_id: live.mvpId, id: nextId })
      .set({ status: 'withdrawn' })
      .go();
    expect(await versionOf(live.mvpId)).toBe('1.0.0');

    const stranger = `buyer-${randomUUID()}`;
    await putProfile({ id: stranger });
    expect((await newest(live.mvpId, stranger)).statusCode).toBe(403);
    const none = await upload(zipOf({ 'a.txt': 'a' }), 'none.zip');
    await putProfile({ id: none.sellerId, role: 'seller', is_seller_approved: true });
    expect((await newest(none.mvpId, none.sellerId)).statusCode).toBe(404);
  });
});
