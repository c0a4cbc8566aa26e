/** Which README and package manifest the public code preview shows. */
import { describe, expect, it } from 'vitest';
import { findDocument } from '../../../../lambdas/downloads/code-preview';
import type { ManifestFile } from '../../../../lambdas/shared/storage/bundle-manifest';

const text = (path: string): ManifestFile => ({
  path,
  size: 10,
  kind: 'text',
  offset: 0,
  length: 10,
});
const README = ['readme.md', 'readme.markdown', 'readme'];
const PACKAGE = ['package.json', 'pyproject.toml'];

describe('findDocument', () => {
  it('finds the README at the root, whatever its case', () => {
    const files = [text('src/README.md'), text('ReadMe.md'), text('package.json')];
    expect(findDocument(files, README)?.path).toBe('ReadMe.md');
  });

  it('finds it in the single top folder, not deeper', () => {
    expect(findDocument([text('kit/README.md'), text('kit/src/a.ts')], README)?.path).toBe(
      'kit/README.md',
    );
    expect(findDocument([text('kit/docs/README.md'), text('kit/src/a.ts')], README)).toBeNull();
    // Two top folders: no single project folder to look into.
    expect(findDocument([text('a/README.md'), text('b/x.ts')], README)).toBeNull();
  });

  it('prefers the first name of the list and skips binary or unpacked files', () => {
    const files = [text('pyproject.toml'), text('package.json')];
    expect(findDocument(files, PACKAGE)?.path).toBe('package.json');
    expect(
      findDocument(
        [{ path: 'package.json', size: 10, kind: 'text' }, text('pyproject.toml')],
        PACKAGE,
      )?.path,
    ).toBe('pyproject.toml');
    expect(findDocument([{ path: 'README.md', size: 10, kind: 'binary' }], README)).toBeNull();
  });
});
