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
