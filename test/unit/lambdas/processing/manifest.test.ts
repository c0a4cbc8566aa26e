/**
 * The code preview's manifest, built while the scanner visits a bundle: every file
 * with its size and kind for zip, tar.gz and RAR alike, text contents in a pack (capped per file
 * and in total), binary files detected by extension or NUL bytes.
 */
import { describe, expect, it } from 'vitest';
import { inspectArchive } from '../../../../lambdas/processing/scanner/index';
import { ManifestBuilder } from '../../../../lambdas/processing/scanner/manifest';
import { bufferSource } from '../../../../lambdas/processing/scanner/source';
import {
  manifestLimits,
  type ManifestFile,
} from '../../../../lambdas/shared/storage/bundle-manifest';
import { badArchives } from '../../../fixtures/archives/bad-archives';
import { pseudoRandomBytes } from '../../../fixtures/archives/clean-templates';
import { rarOf } from '../../../fixtures/archives/rar-writer';
import { tarGzOf, zipOf, type FileTree } from '../../../fixtures/archives/writers';

const line = 'export const answer = 42; // é\n';
/** Longer than the per-file cap, with a two-byte character straddling the cap. */
const bigText = `${'a'.repeat(manifestLimits.fileContentBytes - 1)}é${line.repeat(2_000)}`;
const dataWithNul = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x00, 0x3a, 0x31, 0x7d]);

const tree: FileTree = {
  'starter/README.md': '# Starter\n\nRun `npm start`.\n',
  'starter/package.json': '{ "name": "starter", "private": true }\n',
  'starter/src/main.ts': line,
  'starter/src/big.ts': bigText,
  'starter/public/logo.png': pseudoRandomBytes('logo', 300),
  'starter/data/blob.dat': dataWithNul,
  'starter/.env.example': 'VITE_API_URL=\n',
};

const builders: Record<string, { name: string; build: () => Promise<Uint8Array> | Uint8Array }> = {
  zip: { name: 'starter.zip', build: () => zipOf(tree) },
  'tar.gz': { name: 'starter.tar.gz', build: () => tarGzOf(tree) },
  rar: { name: 'starter.rar', build: () => rarOf(tree) },
};

const textOf = (pack: Buffer, file: { offset?: number; length?: number }): string =>
  pack.subarray(file.offset!, file.offset! + file.length!).toString('utf8');

describe('manifest of a clean bundle', () => {
  for (const [format, { name, build }] of Object.entries(builders)) {
    it(`lists every file of a ${format} bundle with its kind and packs the text`, async () => {
      const bytes = await build();
      const { result, manifest } = await inspectArchive(bufferSource(bytes, name), name);
      expect(result.findings).toEqual([]);
      expect(manifest).not.toBeNull();
      const { manifest: m, pack } = manifest!;
      expect(m.format).toBe(format);
      expect(m.files.map((file) => file.path)).toEqual(Object.keys(tree).sort());
      const byPath = new Map(m.files.map((file) => [file.path, file]));

      const readme = byPath.get('starter/README.md')!;
      expect(readme).toMatchObject({ kind: 'text', size: 28 });
      expect(readme.truncated).toBeUndefined();
      expect(textOf(pack, readme)).toBe(tree['starter/README.md']);
      expect(textOf(pack, byPath.get('starter/src/main.ts')!)).toBe(line);

      // Binary by extension (no content kept) and by a NUL byte in its head.
      expect(byPath.get('starter/public/logo.png')).toEqual({
        path: 'starter/public/logo.png',
        size: 300,
        kind: 'binary',
      });
      expect(byPath.get('starter/data/blob.dat')).toEqual({
        path: 'starter/data/blob.dat',
        size: 8,
        kind: 'binary',
      });

      // Capped at 256 KB, cut back to a whole character, flagged as truncated.
      const big = byPath.get('starter/src/big.ts')!;
      expect(big).toMatchObject({
        kind: 'text',
        size: Buffer.byteLength(bigText),
        truncated: true,
        length: manifestLimits.fileContentBytes - 1,
      });
      expect(textOf(pack, big)).toBe('a'.repeat(manifestLimits.fileContentBytes - 1));

      expect(m.packBytes).toBe(pack.byteLength);
      expect(m.packBytes).toBeLessThan(manifestLimits.fileContentBytes + 200);
    });
  }

  it('writes the same manifest and pack for the same bundle (a rerun is idempotent)', async () => {
    const bytes = zipOf(tree);
    const first = await inspectArchive(bufferSource(bytes, 'a.zip'), 'a.zip');
    const second = await inspectArchive(bufferSource(bytes, 'a.zip'), 'a.zip');
    expect(second.manifest!.manifest).toEqual(first.manifest!.manifest);
    expect(second.manifest!.pack.equals(first.manifest!.pack)).toBe(true);
  });

  it('records no manifest for a bundle that fails the scan', async () => {
    const archive = badArchives['stripe-live-key']!;
    const bytes = await archive.build();
    const { result, manifest } = await inspectArchive(
      bufferSource(bytes, archive.fileName),
      archive.fileName,
    );
    expect(result.clean).toBe(false);
    expect(manifest).toBeNull();
  });
});

describe('ManifestBuilder caps', () => {
  const text = (value: string) => Buffer.from(value, 'utf8');

  it('lists files past the pack cap without content', () => {
    const builder = new ManifestBuilder({ packBytes: 10 });
    builder.add('a.txt', 6, text('aaaaaa'));
    builder.add('b.txt', 6, text('bbbbbb'));
    builder.add('c.txt', 4, text('cccc'));
    const { manifest, pack } = builder.build('zip');
    const files: ManifestFile[] = manifest.files;
    expect(files).toEqual([
      { path: 'a.txt', size: 6, kind: 'text', offset: 0, length: 6 },
      { path: 'b.txt', size: 6, kind: 'text' },
      { path: 'c.txt', size: 4, kind: 'text', offset: 6, length: 4 },
    ]);
    expect(pack.toString('utf8')).toBe('aaaaaacccc');
  });

  it('keeps whole characters when the per-file cap cuts one', () => {
    const builder = new ManifestBuilder({ fileContentBytes: 4 });
    // 'ab' + '€' (3 bytes): the cap at 4 falls inside the euro sign.
    builder.add('x.txt', 5, text('ab€'));
    const { manifest, pack } = builder.build('rar');
    expect(manifest.files[0]).toMatchObject({ length: 2, truncated: true });
    expect(pack.toString('utf8')).toBe('ab');
  });

  it('normalizes ./ prefixes, skips folders and duplicates', () => {
    const builder = new ManifestBuilder();
    builder.add('./app/index.html', 3, text('<p>'));
    builder.add('app/index.html', 3, text('<q>'));
    builder.add('./', 0, text(''));
    const { manifest } = builder.build('tar.gz');
    expect(manifest.files.map((file) => file.path)).toEqual(['app/index.html']);
  });

  it('treats an empty file as text with no bytes', () => {
    const builder = new ManifestBuilder();
    builder.add('empty.ts', 0, text(''));
    expect(builder.build('zip').manifest.files).toEqual([
      { path: 'empty.ts', size: 0, kind: 'text', offset: 0, length: 0 },
    ]);
  });
});
