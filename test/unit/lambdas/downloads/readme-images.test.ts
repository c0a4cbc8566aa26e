/**
 * Which bundle paths a README names, as the image route reads them: every way a README shows an
 * image (Markdown, references, HTML src and srcset), resolved from the README's folder, and in
 * linear time on hostile text.
 */
import { describe, expect, it } from 'vitest';
import { pathsNamedBy } from '../../../../lambdas/downloads/readme-images';

describe('pathsNamedBy', () => {
  it('finds Markdown images and links, references, src and srcset, resolved from the README', () => {
    const readme = [
      '<p align="center"><img src="public/logo.png" width="120"></p>',
      "<img src='./docs/single.png'> <img src=bare.png>",
      '![Demo](public/demo.png "The dashboard") [Setup](docs/SETUP.md)',
      '<picture><source srcset="./dark.png 2x, ../up.png 1x"></picture>',
      '![Shot][shot]',
      '',
      '[shot]: <docs/shot.png>',
      '![Out](../../../etc/passwd.png) ![Web](https://example.com/a.png)',
    ].join('\n');
    expect([...pathsNamedBy('kit/README.md', readme)].sort()).toEqual(
      [
        'kit/public/logo.png',
        'kit/docs/single.png',
        'kit/bare.png',
        'kit/public/demo.png',
        'kit/docs/SETUP.md',
        'kit/dark.png',
        'up.png',
        'kit/docs/shot.png',
      ].sort(),
    );
  });

  it('reads a hostile 256 KB README in linear time', () => {
    for (const unit of ['src=', '](', '[\n', 'srcset=']) {
      const hostile = unit.repeat(Math.floor((256 * 1024) / unit.length));
      const started = performance.now();
      pathsNamedBy('README.md', hostile);
      expect(performance.now() - started, JSON.stringify(unit)).toBeLessThan(500);
    }
  });
});
