/** Gemfile.lock: the GEM specs once per gem version (platform builds are one), DEPENDENCIES direct. */
import { describe, expect, it } from 'vitest';
import {
  bundleDependencies,
  countDependencies,
} from '../../../../../lambdas/security/lockfiles/index';
import { parseGemfileLock } from '../../../../../lambdas/security/lockfiles/ruby';
import { lockBundle, lockFixture, pins } from '../../../../fixtures/lock-files';

describe('Gemfile.lock', () => {
  it("the GEM section's specs; nokogiri's two platform builds are one release; GIT gems left out", () => {
    const { packages } = parseGemfileLock(lockFixture('ruby/Gemfile.lock'));
    expect(pins(packages)).toEqual([
      'actionpack@7.1.3',
      'actionview@7.1.3',
      'activesupport@7.1.3',
      'bootsnap@1.18.3',
      'concurrent-ruby@1.2.3',
      'debug@1.9.1',
      'i18n@1.14.1',
      'irb@1.11.2',
      'msgpack@1.7.2',
      'nio4r@2.7.0',
      'nokogiri@1.16.0',
      'puma@6.4.2',
      'racc@1.7.3',
      'rack@3.0.9',
      'rails@7.1.3',
      'tzinfo@2.0.6',
    ]);
    expect(packages.every((p) => p.ecosystem === 'RubyGems')).toBe(true);
  });

  it('DEPENDENCIES: 5 direct gems (a git gem is not a package), 11 transitive', async () => {
    expect(parseGemfileLock(lockFixture('ruby/Gemfile.lock')).direct).toEqual([
      'admin_engine',
      'bootsnap',
      'debug',
      'nokogiri',
      'puma',
      'rails',
    ]);
    const deps = await bundleDependencies(lockBundle({ 'Gemfile.lock': 'ruby/Gemfile.lock' }));
    expect(countDependencies(deps.packages)).toEqual({ direct: 5, transitive: 11 });
  });
});
