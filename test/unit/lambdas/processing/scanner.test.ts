import { describe, expect, it } from 'vitest';
import { badArchives } from '../../../fixtures/archives/bad-archives';
import { JWT_SECRET } from '../../../fixtures/archives/fake-secrets';
import { cleanTemplates } from '../../../fixtures/archives/clean-templates';
import { rarOf } from '../../../fixtures/archives/rar-writer';
import { tarGzOf, zipOf } from '../../../fixtures/archives/writers';
import { scanArchive } from '../../../../lambdas/processing/scanner/index';
import { bufferSource, type ArchiveSource } from '../../../../lambdas/processing/scanner/source';

const scan = (bytes: Uint8Array, fileName: string) =>
  scanArchive(bufferSource(bytes, fileName), fileName);

describe('scanner: crafted bad archives', () => {
  for (const [label, archive] of Object.entries(badArchives)) {
    it(`catches ${label} and names ${archive.expect.file}`, async () => {
      const result = await scan(await archive.build(), archive.fileName);
      expect(result.clean).toBe(false);
      expect(result.findings).toContainEqual(expect.objectContaining(archive.expect));
      expect(result.reason).toMatch(/^Security scan failed: /);
      expect(result.reason).toContain(archive.expect.file);
    });
  }

  it('names the damaged RAR entry in words the seller can act on', async () => {
    const result = await scan(await badArchives['rar-corrupt-data']!.build(), 'corrupt.rar');
    expect(result.reason).toMatch(
      /^Security scan failed: src\/main\.ts is not a readable RAR archive \(.+: truncated or corrupt\)$/,
    );
  });

  it('never copies a secret value into the reason', async () => {
    const result = await scan(await badArchives['stripe-live-key']!.build(), 'stripe.zip');
    expect(result.reason).not.toMatch(/sk_live_/);
    const env = await scan(await badArchives['env-with-values']!.build(), 'env.zip');
    expect(env.reason).toContain('(DATABASE_URL, JWT_SECRET)');
    expect(env.reason).not.toContain('postgres://');
    expect(env.reason).not.toContain(JWT_SECRET);
  });
});

describe('scanner: clean templates pass', () => {
  for (const [label, tree] of Object.entries(cleanTemplates)) {
    it(`passes ${label} as .zip`, async () => {
      const result = await scan(zipOf(tree), `${label}.zip`);
      expect(result.findings).toEqual([]);
      expect(result).toMatchObject({
        clean: true,
        format: 'zip',
        entries: Object.keys(tree).length,
      });
    });
    it(`passes ${label} as .rar`, async () => {
      const result = await scan(rarOf(tree), `${label}.rar`);
      expect(result.findings).toEqual([]);
      expect(result).toMatchObject({
        clean: true,
        format: 'rar',
        entries: Object.keys(tree).length,
      });
    });
    it(`passes ${label} as .tar.gz`, async () => {
      const result = await scan(await tarGzOf(tree), `${label}.tar.gz`);
      expect(result.findings).toEqual([]);
      expect(result).toMatchObject({ clean: true, format: 'tar.gz' });
    });
  }

  it('counts the bytes actually extracted', async () => {
    const tree = cleanTemplates['node-api']!;
    const total = Object.values(tree).reduce((sum, v) => sum + Buffer.byteLength(v), 0);
    expect((await scan(zipOf(tree), 'api.zip')).uncompressedBytes).toBe(total);
    expect((await scan(rarOf(tree), 'api.rar')).uncompressedBytes).toBe(total);
  });
});

describe('scanner: reading the source', () => {
  it('throws (not a finding) when the source cannot be read, so the pipeline retries or fails', async () => {
    const bytes = zipOf(cleanTemplates['node-api']!);
    const failing: ArchiveSource = {
      ...bufferSource(bytes, 'api.zip'),
      // eslint-disable-next-line require-yield -- fails before the first chunk
      stream: async function* () {
        throw Object.assign(new Error('socket hang up'), { name: 'TimeoutError' });
      },
    };
    await expect(scanArchive(failing, 'api.zip')).rejects.toMatchObject({
      name: 'SourceReadError',
    });
  });

  it('throws for a tar.gz whose source fails midway, instead of calling it corrupt', async () => {
    const bytes = await tarGzOf(cleanTemplates['node-api']!);
    const failing: ArchiveSource = {
      ...bufferSource(bytes, 'api.tar.gz'),
      stream: async function* () {
        yield bytes.subarray(0, 100);
        throw new Error('connection reset');
      },
    };
    await expect(scanArchive(failing, 'api.tar.gz')).rejects.toMatchObject({
      name: 'SourceReadError',
    });
  });

  it('reads a zip in one sequential stream after the directory', async () => {
    const bytes = zipOf(cleanTemplates['react-vite-app']!);
    let streams = 0;
    const source = bufferSource(bytes, 'app.zip');
    const counting: ArchiveSource = {
      ...source,
      stream: (start) => {
        streams += 1;
        return source.stream(start);
      },
    };
    expect((await scanArchive(counting, 'app.zip')).clean).toBe(true);
    expect(streams).toBe(1);
  });
});
