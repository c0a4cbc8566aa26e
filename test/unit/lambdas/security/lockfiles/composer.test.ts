/** composer.lock: packages and packages-dev, the tag's `v` removed, branches left out. */
import { describe, expect, it } from 'vitest';
import {
  composerDirect,
  parseComposerLock,
} from '../../../../../lambdas/security/lockfiles/composer';
import {
  bundleDependencies,
  countDependencies,
} from '../../../../../lambdas/security/lockfiles/index';
import { lockBundle, lockFixture, pins } from '../../../../fixtures/lock-files';

describe('composer.lock', () => {
  it('packages and packages-dev; v3.5.0 is 3.5.0; dev-main is not a release', () => {
    const { packages } = parseComposerLock(lockFixture('composer/composer.lock'));
    expect(pins(packages)).toEqual([
      'guzzlehttp/guzzle@7.4.4',
      'guzzlehttp/promises@1.5.3',
      'guzzlehttp/psr7@2.6.2',
      'monolog/monolog@3.7.0',
      'myclabs/deep-copy@1.12.0',
      'phpunit/phpunit@10.5.27',
      'psr/http-client@1.0.3',
      'psr/http-message@2.0',
      'psr/log@3.0.0',
      'sebastian/diff@5.1.1',
      'symfony/deprecation-contracts@3.5.0',
    ]);
    expect(packages.every((p) => p.ecosystem === 'Packagist')).toBe(true);
  });

  it("composer.json's require and require-dev, the platform left out, names lower-cased", () => {
    expect(composerDirect(lockFixture('composer/composer.json'))).toEqual([
      'guzzlehttp/guzzle',
      'monolog/monolog',
      'example/internal-tools',
      'phpunit/phpunit',
    ]);
  });

  it('in a bundle: 3 direct, 8 transitive', async () => {
    const deps = await bundleDependencies(
      lockBundle({
        'composer.json': 'composer/composer.json',
        'composer.lock': 'composer/composer.lock',
      }),
    );
    expect(countDependencies(deps.packages)).toEqual({ direct: 3, transitive: 8 });
  });
});
