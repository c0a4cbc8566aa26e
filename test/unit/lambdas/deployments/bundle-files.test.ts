/**
 * A bundle as a repository's files (lambdas/deployments/bundle-files.ts): zip and tar.gz unpacked
 * with binary files byte for byte, the single top folder removed, folders and `.git` left out,
 * a path leaving the folder refused, RAR and unknown formats refused with a readable message.
 */
import { createGzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { strToU8, zipSync } from 'fflate';
import { pack } from 'tar-stream';
import { describe, expect, it } from 'vitest';
import { BundleReadError, filesOfArchive } from '../../../../lambdas/deployments/bundle-files';
import { badArchives } from '../../../fixtures/archives/bad-archives';

const BINARY = Uint8Array.from([0, 255, 1, 254, 0, 0, 7]);

const tarGz = async (
  entries: {
    name: string;
    body?: Uint8Array;
    mode?: number;
    type?: 'file' | 'directory' | 'symlink';
    linkname?: string;
  }[],
) => {
  const archive = pack();
  for (const entry of entries) {
    const header = {
      name: entry.name,
      type: entry.type ?? 'file',
      mode: entry.mode ?? 0o644,
      ...(entry.linkname ? { linkname: entry.linkname } : {}),
    };
    if (entry.body) archive.entry(header, Buffer.from(entry.body));
    else archive.entry(header);
  }
  archive.finalize();
  return new Uint8Array(await buffer(Readable.from(archive).pipe(createGzip())));
};

describe('filesOfArchive', () => {
  it('unpacks a zip, binary files included, without its single top folder', async () => {
    const files = await filesOfArchive(
      zipSync({
        'app/': new Uint8Array(),
        'app/index.html': strToU8('<h1>Hi</h1>'),
        'app/img/logo.png': BINARY,
        'app/.git/HEAD': strToU8('ref: refs/heads/main'),
      }),
      'bundle.zip',
    );
    expect(files.map((file) => file.path).sort()).toEqual(['img/logo.png', 'index.html']);
    expect(await files.find((file) => file.path === 'img/logo.png')!.read()).toEqual(
      Buffer.from(BINARY),
    );
  });

  it('keeps paths as they are when files sit at the root or in several folders', async () => {
    const files = await filesOfArchive(
      zipSync({ 'README.md': strToU8('# x'), 'src/index.ts': strToU8('export {}') }),
      'x.zip',
    );
    expect(files.map((file) => file.path).sort()).toEqual(['README.md', 'src/index.ts']);
  });

  it('unpacks a tar.gz, keeping the executable bit and leaving links out', async () => {
    const files = await filesOfArchive(
      await tarGz([
        { name: 'kit/', type: 'directory' },
        { name: 'kit/run.sh', body: strToU8('#!/bin/sh\n'), mode: 0o755 },
        { name: 'kit/data.bin', body: BINARY },
        { name: 'kit/link', type: 'symlink', linkname: '/etc/passwd' },
      ]),
      'kit.tar.gz',
    );
    expect(files.map((file) => [file.path, file.executable])).toEqual([
      ['run.sh', true],
      ['data.bin', false],
    ]);
    expect(Buffer.from(await files[1]!.read())).toEqual(Buffer.from(BINARY));
  });

  it('refuses a path that leaves the folder', async () => {
    await expect(
      filesOfArchive(zipSync({ '../evil.sh': strToU8('x') }), 'evil.zip'),
    ).rejects.toThrow(BundleReadError);
  });

  it('refuses RAR, unknown formats, damaged and empty archives with a readable message', async () => {
    await expect(filesOfArchive(new Uint8Array([1, 2, 3]), 'x.rar')).rejects.toThrow(
      /RAR bundles cannot be deployed/,
    );
    await expect(filesOfArchive(new Uint8Array([1, 2, 3]), 'x.7z')).rejects.toThrow(
      /not a zip or tar.gz/,
    );
    await expect(filesOfArchive(new Uint8Array([1, 2, 3]), 'x.zip')).rejects.toThrow(
      /zip bundle could not be read/,
    );
    await expect(filesOfArchive(zipSync({ 'a/': new Uint8Array() }), 'x.zip')).rejects.toThrow(
      /no files/,
    );
  });
});

/** The scan's findings about the archive itself, which the shared zip reader makes on both paths. */
const READER_RULES = new Set([
  'path',
  'symlink',
  'duplicate',
  'encrypted',
  'compression',
  'overlap',
  'compression-ratio',
  'total-size',
  'entry-count',
  'size-mismatch',
  'corrupt',
  'empty',
]);

describe('filesOfArchive: the bad-archive corpus the scan refuses', () => {
  const zips = Object.entries(badArchives).filter(
    ([, archive]) => archive.fileName.endsWith('.zip') && READER_RULES.has(archive.expect.rule),
  );

  it('covers every rule of the reader', () => {
    expect(new Set(zips.map(([, archive]) => archive.expect.rule))).toEqual(
      new Set(
        [...READER_RULES].filter(
          (rule) => !['total-size', 'empty', 'size-mismatch'].includes(rule),
        ),
      ),
    );
  });

  for (const [label, archive] of zips) {
    it(`refuses ${label} (listing it, or reading its files), naming ${archive.expect.file}`, async () => {
      const deploy = async () => {
        const files = await filesOfArchive(await archive.build(), archive.fileName);
        for (const file of files) await file.read();
      };
      const error = await deploy().then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(BundleReadError);
      expect((error as Error).message).toContain(archive.expect.file);
    });
  }

  it('lists a bundle whose sizes lie, and stops the lying file while it inflates', async () => {
    const lying = await badArchives['zip-bomb-lying-sizes']!.build();
    const files = await filesOfArchive(lying, 'lying.zip');
    expect(files.map((file) => [file.path, file.size])).toEqual([['data.json', 1_000]]);
    await expect(files[0]!.read()).rejects.toThrow(
      /app\/data\.json expands more than 100× \(zip bomb\)/,
    );
  });
});
