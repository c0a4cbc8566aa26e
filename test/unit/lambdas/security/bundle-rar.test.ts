/**
 * The audit's RAR reader (lambdas/security/bundle-rar.ts) with the zip and tar.gz readers' limits:
 * only audited paths, installed folders skipped, a lock file over 20 MB reported and not unpacked.
 */
import { describe, expect, it } from 'vitest';
import { MAX_LOCK_FILE_BYTES, readAuditedFiles } from '../../../../lambdas/security/bundle-files';
import { bufferSource } from '../../../../lambdas/shared/archives/source';
import { rarOf } from '../../../fixtures/archives/rar-writer';

const read = (bytes: Uint8Array) => readAuditedFiles(bufferSource(bytes, 'b.rar'), 'b.rar');

describe('lock files out of a RAR bundle', () => {
  it('reads the audited paths only, whole, and skips installed folders', async () => {
    const lock = JSON.stringify({ lockfileVersion: 3, packages: {} });
    const out = await read(
      rarOf({
        './app/package.json': '{"name":"app"}',
        'app/package-lock.json': lock,
        'app/src/index.js': 'console.log(1);\n',
        'app/node_modules/x/package.json': '{"name":"x"}',
        'app/.venv/lib/requirements.txt': 'requests==2.0.0\n',
      }),
    );
    expect(out.unsupported).toBe(false);
    expect([...out.files.keys()].sort()).toEqual(['app/package-lock.json', 'app/package.json']);
    expect(out.files.get('app/package-lock.json')).toBe(lock);
    expect(out.skipped).toEqual([]);
  });

  it('reports a lock file declared over 20 MB and does not unpack it', async () => {
    const out = await read(
      rarOf([
        { name: 'package.json', content: '{}' },
        { name: 'yarn.lock', content: '# small\n', declaredSize: MAX_LOCK_FILE_BYTES + 1 },
      ]),
    );
    expect(out.skipped).toEqual([
      { path: 'yarn.lock', reason: 'is larger than 20 MB, more than the audit reads' },
    ]);
    expect([...out.files.keys()]).toEqual(['package.json']);
  });

  it('an archive with no audited file gives no files', async () => {
    const out = await read(rarOf({ 'site/index.html': '<p>hi</p>' }));
    expect(out.files.size).toBe(0);
    expect(out.unsupported).toBe(false);
  });
});
