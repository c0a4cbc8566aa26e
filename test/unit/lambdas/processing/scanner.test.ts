import { describe, expect, it } from 'vitest';
import { badArchives } from '../../../fixtures/archives/bad-archives';
import { JWT_SECRET } from '../../../fixtures/archives/fake-secrets';
import { cleanTemplates, SPHINX_MAKE_BAT } from '../../../fixtures/archives/clean-templates';
import { rarOf } from '../../../fixtures/archives/rar-writer';
import { tarGzOf, zipOf } from '../../../fixtures/archives/writers';
import { scanArchive } from '../../../../lambdas/processing/scanner/index';
import { bufferSource, type ArchiveSource } from '../../../../lambdas/processing/scanner/source';
import type { ScanResult } from '../../../../lambdas/processing/schema';

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

describe('scanner: links say where they point and that they are not accepted', () => {
  const LINK = { os: 3, attrs: (0o120777 << 16) >>> 0 };
  const pythonApp = {
    'py-app/main.py': 'print("hello")\n',
    'py-app/docs/make.bat': SPHINX_MAKE_BAT,
  };
  const messageOf = (result: ScanResult, file: string) =>
    result.findings.find((f) => f.file === file && f.rule === 'symlink')?.message;

  it('names the target of a zip link into a .venv left out of the bundle', async () => {
    const result = await scan(
      zipOf({ ...pythonApp, 'py-app/python': '.venv/bin/python3' }, { 'py-app/python': LINK }),
      'py-app.zip',
    );
    expect(result.clean).toBe(false);
    expect(messageOf(result, 'py-app/python')).toBe(
      'is a link to .venv/bin/python3; links are not accepted, include the file itself or leave it out',
    );
    expect(result.reason).toBe(
      'Security scan failed: py-app/python is a link to .venv/bin/python3; links are not accepted, include the file itself or leave it out',
    );
  });

  it('says to leave out a .venv or node_modules folder whose links are in the bundle', async () => {
    const result = await scan(
      zipOf(
        {
          ...pythonApp,
          'py-app/.venv/bin/python': 'python3.12',
          'py-app/.venv/bin/python3.12': '/usr/local/bin/python3.12',
          'py-app/web/node_modules/.bin/vite': '../vite/bin/vite.js',
        },
        {
          'py-app/.venv/bin/python': LINK,
          'py-app/.venv/bin/python3.12': LINK,
          'py-app/web/node_modules/.bin/vite': LINK,
        },
      ),
      'py-app.zip',
    );
    expect(messageOf(result, 'py-app/.venv/bin/python')).toBe(
      'is a link to python3.12 inside .venv/, a folder of installed packages that does not belong in a template; links are not accepted, leave .venv/ out of the bundle',
    );
    expect(messageOf(result, 'py-app/.venv/bin/python3.12')).toContain(
      'is a link to /usr/local/bin/python3.12 inside .venv/',
    );
    expect(messageOf(result, 'py-app/web/node_modules/.bin/vite')).toContain(
      'is a link to ../vite/bin/vite.js inside node_modules/',
    );
  });

  it('names the targets of tar.gz symbolic and hard links', async () => {
    const result = await scan(
      await tarGzOf([
        { name: 'py-app/main.py', content: 'print("hello")\n' },
        { name: 'py-app/python', type: 'symlink', linkname: '.venv/bin/python3' },
        { name: 'py-app/main-copy.py', type: 'link', linkname: 'py-app/main.py' },
      ]),
      'py-app.tar.gz',
    );
    expect(messageOf(result, 'py-app/python')).toBe(
      'is a link to .venv/bin/python3; links are not accepted, include the file itself or leave it out',
    );
    expect(messageOf(result, 'py-app/main-copy.py')).toBe(
      'is a hard link to py-app/main.py; links are not accepted, include the file itself or leave it out',
    );
  });

  it('refuses a RAR link in the same words (unrar does not tell its target)', async () => {
    const result = await scan(
      rarOf([
        { name: 'py-app/main.py', content: 'print("hello")\n' },
        { name: 'py-app/python', kind: 'symlink', target: '.venv/bin/python3' },
      ]),
      'py-app.rar',
    );
    expect(messageOf(result, 'py-app/python')).toBe(
      'is a link; links are not accepted, include the file itself or leave it out',
    );
  });

  it('never says a link "could point outside" in any format', async () => {
    for (const label of ['symlink', 'rar-symlink', 'tar-symlink', 'tar-hard-link']) {
      const archive = badArchives[label]!;
      const result = await scan(await archive.build(), archive.fileName);
      expect(result.reason).toContain('links are not accepted');
      expect(result.reason).not.toContain('outside');
    }
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
