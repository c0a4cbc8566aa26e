/**
 * The shared reader of untrusted zips (lambdas/shared/archives/zip-reader.ts) on its own: random
 * access to any entry, the requests it makes of its source, and what a local header reveals.
 * The bad-archive corpus runs through it on both paths (scanner.test.ts, bundle-files.test.ts).
 */
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { openZip } from '../../../../../lambdas/shared/archives/zip-reader';
import { bufferSource, type ArchiveSource } from '../../../../../lambdas/shared/archives/source';
import { badArchives } from '../../../../fixtures/archives/bad-archives';
import { zipOf } from '../../../../fixtures/archives/writers';

const many = (count: number) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`app/src/file-${i}.ts`, `export const n = ${i};\n`]),
  );

/** The source's own calls, counted (ranged reads and streams). */
const counting = (bytes: Uint8Array, name: string) => {
  const inner = bufferSource(bytes, name);
  const calls = { ranges: 0, streams: 0 };
  const source: ArchiveSource = {
    ...inner,
    readRange: (start, end) => {
      calls.ranges += 1;
      return inner.readRange(start, end);
    },
    stream: (start) => {
      calls.streams += 1;
      return inner.stream(start);
    },
  };
  return { source, calls };
};

describe('openZip', () => {
  it('opens any entry in any order, each with its own bytes', async () => {
    const zip = await openZip(bufferSource(zipOf(many(50)), 'app.zip'));
    try {
      for (const index of [49, 0, 25, 24, 49]) {
        const entry = zip.entries.find((e) => e.name === `app/src/file-${index}.ts`)!;
        const { problems, content } = await zip.open(entry);
        expect(problems).toEqual([]);
        expect((await buffer(content)).toString()).toBe(`export const n = ${index};\n`);
      }
    } finally {
      await zip.close();
    }
  });

  it('lists 1,000 entries and reads them in order with one stream and a few ranged reads', async () => {
    const { source, calls } = counting(zipOf(many(1_000)), 'many.zip');
    const zip = await openZip(source);
    let bytes = 0;
    for (const entry of zip.entries)
      bytes += (await buffer((await zip.open(entry)).content)).length;
    await zip.close();
    expect(zip.entries).toHaveLength(1_000);
    expect(bytes).toBeGreaterThan(1_000 * 20);
    expect(calls.streams).toBe(1);
    // The directory (about 30 KB here) in 256 KB blocks: the end records' block and one more.
    expect(calls.ranges).toBeLessThanOrEqual(3);
  });

  it('reports the name a local header gives when it differs from the directory', async () => {
    const zip = await openZip(
      bufferSource(await badArchives['local-name-differs']!.build(), 'x.zip'),
    );
    const { problems } = await zip.open(zip.entries[0]!);
    await zip.close();
    expect(problems).toEqual([
      expect.objectContaining({
        file: 'src/app.js',
        rule: 'path',
        message: expect.stringContaining('../../a.js'),
      }),
    ]);
  });

  it('marks the executable bit Unix zips carry, and links as links with their targets', async () => {
    const zip = await openZip(
      bufferSource(
        zipOf(
          { 'kit/run.sh': '#!/bin/sh\n', 'kit/link': '/etc/passwd', 'kit/a.txt': 'a' },
          {
            'kit/run.sh': { os: 3, attrs: (0o100755 << 16) >>> 0 },
            'kit/link': { os: 3, attrs: (0o120777 << 16) >>> 0 },
          },
        ),
        'kit.zip',
      ),
    );
    const [, link, file] = zip.entries;
    expect(await zip.readLinkTarget(link!)).toBe('/etc/passwd');
    expect(await zip.readLinkTarget(file!)).toBeNull();
    await zip.close();
    expect(zip.entries.map((e) => [e.name, e.kind, e.executable, e.readable])).toEqual([
      ['kit/run.sh', 'file', true, true],
      ['kit/link', 'symlink', false, false],
      ['kit/a.txt', 'file', false, true],
    ]);
  });
});
