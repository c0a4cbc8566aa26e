/** Resolving a README's relative paths inside its bundle, as GitHub does, never above its root. */
import { describe, expect, it } from 'vitest';
import {
  bundleImageTypeOf,
  isNormalBundlePath,
  resolveBundlePath,
} from '../../../contract/bundle-paths';

describe('resolveBundlePath', () => {
  it.each([
    ['kit/README.md', 'public/demo.png', 'kit/public/demo.png'],
    ['kit/README.md', './docs/shot.png', 'kit/docs/shot.png'],
    ['kit/docs/GUIDE.md', '../public/logo.png', 'kit/public/logo.png'],
    ['kit/README.md', '/docs/SETUP.md', 'docs/SETUP.md'],
    ['README.md', 'docs/SETUP.md#install', 'docs/SETUP.md'],
    ['README.md', 'my%20shot.png?raw=true', 'my shot.png'],
    ['kit/README.md', '../LICENSE', 'LICENSE'],
  ])('from %s, %s is %s', (from, href, expected) => {
    expect(resolveBundlePath(from, href)).toBe(expected);
  });

  it.each([
    ['README.md', '../secret.png'],
    ['kit/README.md', '../../etc/passwd'],
    ['README.md', 'https://example.com/a.png'],
    ['README.md', '//cdn.example.com/a.png'],
    ['README.md', 'javascript:alert(1)'],
    ['README.md', '#install'],
    ['README.md', 'a\\..\\b.png'],
    ['README.md', '%E0%A4%A'],
  ])('from %s, %s names nothing in the bundle', (from, href) => {
    expect(resolveBundlePath(from, href)).toBeNull();
  });
});

describe('isNormalBundlePath', () => {
  it('accepts listed paths and refuses anything that could climb or hide', () => {
    expect(isNormalBundlePath('kit/public/logo.png')).toBe(true);
    for (const path of ['', '/etc/passwd', '../x.png', 'a/../b.png', 'a//b.png', './a.png', 'a\\b'])
      expect(isNormalBundlePath(path), path).toBe(false);
  });
});

describe('bundleImageTypeOf', () => {
  it('gives image types only', () => {
    expect(bundleImageTypeOf('a/Logo.PNG')).toBe('image/png');
    expect(bundleImageTypeOf('a/logo.svg')).toBe('image/svg+xml');
    expect(bundleImageTypeOf('a/index.html')).toBeNull();
    expect(bundleImageTypeOf('a/png')).toBeNull();
    expect(bundleImageTypeOf('a/x.constructor')).toBeNull();
  });
});
