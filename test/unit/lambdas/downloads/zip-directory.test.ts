/**
 * The zip directory reader on real archives (fflate): names, sizes, folders, a comment after the
 * directory, a directory outside the fetched tail (read by range), the entry limit, and refusals.
 */
import '../../../fixtures/lambda-env';
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import {
  InvalidZipError,
  ZIP_TAIL_BYTES,
  listZipEntries,
} from '../../../../lambdas/downloads/zip-directory';
import { bundleFileName } from '../../../../lambdas/downloads/spend';

/** Lists `archive` the way the service does: its tail first, other bytes through ranged reads. */
const list = async (archive: Uint8Array, limit = 200, tailBytes = ZIP_TAIL_BYTES) => {
  const reads: [number, number][] = [];
  const tail = archive.subarray(Math.max(0, archive.length - tailBytes));
  const listing = await listZipEntries(
    tail,
    archive.length,
    async (start, end) => {
      reads.push([start, end]);
      return archive.subarray(start, end + 1);
    },
    limit,
  );
  return { ...listing, reads };
};

describe('listZipEntries', () => {
  it('lists paths, uncompressed sizes and folders of a small archive from its tail alone', async () => {
    const archive = zipSync({
      'README.md': strToU8('# Hello\n'),
      'src/': new Uint8Array(0),
      'src/index.ts': strToU8('x'.repeat(5000)),
      'docs/ünïcode.md': strToU8('ok'),
    });
    const { entries, totalEntries, reads } = await list(archive);
    expect(entries).toEqual([
      { path: 'README.md', size: 8, isDirectory: false },
      { path: 'src/', size: 0, isDirectory: true },
      { path: 'src/index.ts', size: 5000, isDirectory: false },
      { path: 'docs/ünïcode.md', size: 2, isDirectory: false },
    ]);
    expect(totalEntries).toBe(4);
    expect(reads).toEqual([]);
  });

  it('finds the end record behind an archive comment', async () => {
    const archive = zipSync(
      { 'a.txt': strToU8('a') },
      { comment: 'made with love PK\u0005\u0006' },
    );
    const { entries } = await list(archive);
    expect(entries.map((entry) => entry.path)).toEqual(['a.txt']);
  });

  it('reads a directory that lies before the tail by range, and stops at the limit', async () => {
    const files = Object.fromEntries(
      Array.from({ length: 300 }, (_, i) => [
        `src/file-${String(i).padStart(3, '0')}.ts`,
        strToU8(`export const n = ${i};`),
      ]),
    );
    const archive = zipSync(files, { level: 0 });
    const { entries, totalEntries, reads } = await list(archive, 200, 64);
    expect(totalEntries).toBe(300);
    expect(entries).toHaveLength(200);
    expect(entries[199]!.path).toBe('src/file-199.ts');
    expect(reads.length).toBeGreaterThan(0);
    // Never the whole archive: only the directory's bytes.
    const read = reads.reduce((sum, [start, end]) => sum + end - start + 1, 0);
    expect(read).toBeLessThan(archive.length);
  });

  it('refuses bytes that are not a zip archive', async () => {
    await expect(list(strToU8('just some text, no archive here'))).rejects.toBeInstanceOf(
      InvalidZipError,
    );
  });
});

describe('bundleFileName', () => {
  it('is the slugged title and version with the bundle extension', () => {
    expect(
      bundleFileName({
        title: 'SaaS Starter Kit!',
        version_number: '1.2.0',
        file_key: 'mvps/x/1.2.0/bundle.zip',
      }),
    ).toBe('saas-starter-kit-1.2.0.zip');
    expect(
      bundleFileName({ title: 'Shop', version_number: '2.0.0', original_file_name: 'shop.tar.gz' }),
    ).toBe('shop-2.0.0.tar.gz');
  });
});
