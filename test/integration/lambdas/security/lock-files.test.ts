/**
 * The audit of bundles carrying the lock files starters ship today (uv.lock, bun.lock, a Django
 * requirements folder, Cargo.lock, go.sum, Gemfile.lock, composer.lock), against a local OSV
 * server of its own (real advisories), DynamoDB Local and s3rver: the lock files read and the
 * counts, findings in every ecosystem, and a lock file that cannot be read named in the report
 * and the API's answer, never taken for "no lock file".
 */
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { SecurityReport } from '../../../../contract/security';
import { auditVersion } from '../../../../lambdas/security/audit-version';
import { handler } from '../../../../lambdas/security/index';
import { createOsvClient } from '../../../../lambdas/security/osv';
import { readPackages } from '../../../../lambdas/security/repo';
import { apiEvent, idTokenClaims, jsonBody, lambdaContext } from '../../../fixtures/api-event';
import { tarGzOf, zipOf, type FileTree } from '../../../fixtures/archives/writers';
import { lockFixture } from '../../../fixtures/lock-files';
import { putProfile } from '../../../fixtures/profiles';
import { seedUpload } from '../../../fixtures/template-items';

/** This file's OSV server, so no other file's outages or added advisories reach it. */
const osv = await vi.hoisted(async () => {
  const { startLocalOsv: start } = await import('../../../../lib/local/servers/osv/index');
  const server = await start({ port: 0 });
  process.env.OSV_API_URL = server.endpoint;
  return server;
});

afterAll(() => osv.stop());

const client = () => createOsvClient({ baseUrl: osv.endpoint, timeoutMs: 2_000, retryBaseMs: 10 });

/** A template, its version and its bundle in the bucket, as the seller domain leaves them. */
const upload = (bytes: Uint8Array, fileName: string) =>
  seedUpload(bytes, fileName, { status: 'approved', published_at: new Date().toISOString() });

const findingsOf = (report: SecurityReport) =>
  report.findings
    .map(
      (f) =>
        `${f.ecosystem} ${f.package}@${f.version} ${f.advisory_id} ${f.severity} → ${f.fixed_version}${f.direct ? ' (direct)' : ''}`,
    )
    .sort();

const fullStack: FileTree = {
  'starter/backend/pyproject.toml': lockFixture('uv/pyproject.toml'),
  'starter/backend/uv.lock': lockFixture('uv/uv.lock'),
  'starter/backend/app/main.py': 'from fastapi import FastAPI\n\napp = FastAPI()\n',
  'starter/frontend/package.json': lockFixture('bun/package.json'),
  'starter/frontend/bun.lock': lockFixture('bun/bun.lock'),
  'starter/frontend/src/main.tsx': 'export {};\n',
};

describe('a FastAPI backend with uv and a React frontend with Bun', () => {
  it('both lock files read, counts by ecosystem, findings from PyPI and npm', async () => {
    const up = await upload(zipOf(fullStack), 'full-stack.zip');
    const report = await auditVersion(up, client());
    expect(report).toMatchObject({
      status: 'checked',
      lock_files: ['starter/backend/uv.lock', 'starter/frontend/bun.lock'],
      unreadable_lock_files: [],
      // uv.lock: 7 direct, 16 transitive; bun.lock: 8 direct, 24 transitive.
      dependencies: { direct: 15, transitive: 40 },
    });
    expect(findingsOf(report)).toEqual([
      'PyPI python-multipart@0.0.6 GHSA-2jv5-9r88-3w3p high → 0.0.7 (direct)',
      'npm axios@1.5.1 GHSA-wf5p-g6vw-rhxx moderate → 1.6.0 (direct)',
    ]);
    const kept = await readPackages(`security/packages/${up.mvpId}/${up.versionId}.json`);
    expect(kept).toHaveLength(55);
    expect(kept).toContainEqual({
      ecosystem: 'PyPI',
      name: 'fastapi',
      version: '0.111.0',
      direct: true,
    });
  });

  it('a uv.lock with merge conflicts is named with why, in the report and the API answer', async () => {
    const up = await upload(
      zipOf({ ...fullStack, 'starter/backend/uv.lock': lockFixture('malformed/uv.lock') }),
      'conflicted.zip',
    );
    const report = await auditVersion(up, client());
    expect(report).toMatchObject({
      status: 'checked',
      lock_files: ['starter/frontend/bun.lock'],
      unreadable_lock_files: [
        { path: 'starter/backend/uv.lock', reason: 'has unresolved merge conflicts' },
      ],
      dependencies: { direct: 8, transitive: 24 },
    });
    await putProfile({ id: up.sellerId, role: 'seller', is_seller_approved: true });
    const answer = await handler(
      apiEvent({
        path: `/api/mvps/${up.mvpId}/versions/${up.versionId}/security`,
        claims: idTokenClaims({ sub: up.sellerId, email: `${up.sellerId}@example.com` }),
      }),
      lambdaContext('security'),
    );
    expect(answer.statusCode).toBe(200);
    expect(jsonBody<SecurityReport>(answer).unreadable_lock_files).toEqual([
      { path: 'starter/backend/uv.lock', reason: 'has unresolved merge conflicts' },
    ]);
  });

  it('only an unreadable lock file beside its manifest is "unreadable", not "not pinned"', async () => {
    const up = await upload(
      zipOf({
        'backend/pyproject.toml': lockFixture('malformed/pyproject.toml'),
        'backend/uv.lock': lockFixture('malformed/uv.lock'),
      }),
      'only-conflicted.zip',
    );
    expect(await auditVersion(up, client())).toMatchObject({
      status: 'unreadable',
      lock_files: [],
      unreadable_lock_files: [{ path: 'backend/uv.lock' }],
    });
  });
});

describe('Rust, Go, Ruby, PHP and a Django requirements folder', () => {
  it('every lock file read, each ecosystem looked up in OSV', async () => {
    const up = await upload(
      await tarGzOf({
        'engine/Cargo.lock': lockFixture('cargo/Cargo.lock'),
        'gateway/go.mod': lockFixture('go/go.mod'),
        'gateway/go.sum': lockFixture('go/go.sum'),
        'admin/Gemfile.lock': lockFixture('ruby/Gemfile.lock'),
        'billing/composer.json': lockFixture('composer/composer.json'),
        'billing/composer.lock': lockFixture('composer/composer.lock'),
        'site/requirements.txt': lockFixture('django/requirements.txt'),
        'site/requirements/base.txt': lockFixture('django/requirements/base.txt'),
        'site/requirements/local.txt': lockFixture('django/requirements/local.txt'),
        'site/requirements/production.txt': lockFixture('django/requirements/production.txt'),
        'billing/vendor/guzzlehttp/guzzle/composer.json': '{"require":{"php":"^7.2"}}',
      }),
      'polyglot.tar.gz',
    );
    const report = await auditVersion(up, client());
    expect(report.status).toBe('checked');
    expect(report.lock_files).toEqual([
      'admin/Gemfile.lock',
      'billing/composer.lock',
      'engine/Cargo.lock',
      'gateway/go.sum',
      'site/requirements/base.txt',
      'site/requirements/local.txt',
      'site/requirements/production.txt',
    ]);
    // Direct 5 + 3 + 3 + 3 + 36 (every pinned requirements line), transitive 11 + 8 + 6 + 9.
    expect(report.dependencies).toEqual({ direct: 50, transitive: 34 });
    expect(findingsOf(report)).toEqual([
      'Go golang.org/x/crypto@0.14.0 GO-2023-2402 unknown → 0.17.0 (direct)',
      'Go golang.org/x/net@0.10.0 GO-2023-2102 unknown → 0.17.0',
      'Packagist guzzlehttp/guzzle@7.4.4 GHSA-25mq-v84q-4j7r unknown → 7.4.5 (direct)',
      'PyPI django@4.2.10 GHSA-vm8q-m57g-pff3 moderate → 4.2.11 (direct)',
      'RubyGems nokogiri@1.16.0 GHSA-xc9x-jj77-9p9j moderate → 1.16.2 (direct)',
      'crates.io h2@0.3.22 RUSTSEC-2024-0003 unknown → 0.3.24',
    ]);
  });
});
