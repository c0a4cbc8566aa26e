/**
 * Go modules: go.sum's module lines without their `/go.mod` twins, versions without the `v`;
 * go.mod's requirements not marked indirect are direct; a go.mod alone is read for its pins.
 */
import { describe, expect, it } from 'vitest';
import { goModDirect, parseGoMod, parseGoSum } from '../../../../../lambdas/security/lockfiles/go';
import {
  bundleDependencies,
  countDependencies,
} from '../../../../../lambdas/security/lockfiles/index';
import { lockBundle, lockFixture, pins } from '../../../../fixtures/lock-files';

describe('go.sum and go.mod', () => {
  it('go.sum: one package per downloaded module version; /go.mod lines left out', () => {
    const { packages } = parseGoSum(lockFixture('go/go.sum'));
    expect(pins(packages)).toEqual([
      'github.com/bytedance/sonic@1.9.1',
      'github.com/davecgh/go-spew@1.1.1',
      'github.com/gin-contrib/sse@0.1.0',
      'github.com/gin-gonic/gin@1.9.1',
      'github.com/go-playground/validator/v10@10.14.0',
      'github.com/google/uuid@1.6.0',
      'github.com/pelletier/go-toml/v2@2.0.8',
      'golang.org/x/crypto@0.14.0',
      'golang.org/x/net@0.10.0',
      'golang.org/x/sys@0.13.0',
      'golang.org/x/text@0.13.0',
      'gopkg.in/yaml.v3@3.0.1',
    ]);
    expect(packages.every((p) => p.ecosystem === 'Go')).toBe(true);
  });

  it("go.mod: the require blocks' modules not marked indirect", () => {
    expect(goModDirect(lockFixture('go/go.mod'))).toEqual([
      'github.com/gin-gonic/gin',
      'github.com/google/uuid',
      'golang.org/x/crypto',
    ]);
    expect(goModDirect('module x\n\nrequire golang.org/x/net v0.17.0\n')).toEqual([
      'golang.org/x/net',
    ]);
  });

  it('in a bundle: go.sum read, go.mod says which are direct (3 direct, 9 transitive)', async () => {
    const deps = await bundleDependencies(
      lockBundle({ 'api/go.mod': 'go/go.mod', 'api/go.sum': 'go/go.sum' }),
    );
    expect(deps.lockFiles).toEqual(['api/go.sum']);
    expect(countDependencies(deps.packages)).toEqual({ direct: 3, transitive: 9 });
  });

  it('a go.mod without go.sum is read for its requirements', async () => {
    expect(pins(parseGoMod(lockFixture('go/go.mod')).packages)).toHaveLength(11);
    const deps = await bundleDependencies(lockBundle({ 'go.mod': 'go/go.mod' }));
    expect(deps.lockFiles).toEqual(['go.mod']);
    expect(countDependencies(deps.packages)).toEqual({ direct: 3, transitive: 8 });
  });

  it('a go.sum with no module lines is refused with why', () => {
    expect(() => parseGoSum('not a go.sum\n', 'go.sum')).toThrow(/h1:/);
  });
});
