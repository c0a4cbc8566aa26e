/** Cargo.lock: crates.io crates only, the workspace's own crates' dependencies direct. */
import { describe, expect, it } from 'vitest';
import { parseCargoLock } from '../../../../../lambdas/security/lockfiles/cargo';
import {
  bundleDependencies,
  countDependencies,
} from '../../../../../lambdas/security/lockfiles/index';
import { lockBundle, lockFixture, pins } from '../../../../fixtures/lock-files';

describe('Cargo.lock', () => {
  it('crates from crates.io, two versions of syn kept; workspace and git crates left out', async () => {
    const { packages } = await parseCargoLock(lockFixture('cargo/Cargo.lock'));
    expect(pins(packages)).toEqual([
      'axum@0.6.20',
      'bytes@1.6.0',
      'h2@0.3.22',
      'proc-macro2@1.0.86',
      'serde@1.0.204',
      'serde_derive@1.0.204',
      'syn@1.0.109',
      'syn@2.0.71',
      'tokio@1.38.0',
    ]);
    expect(packages.every((p) => p.ecosystem === 'crates.io')).toBe(true);
  });

  it('the sparse index is crates.io too; another registry is not', async () => {
    const text = `version = 3
[[package]]
name = "app"
version = "0.1.0"
dependencies = ["serde 1.0.204", "internal"]

[[package]]
name = "serde"
version = "1.0.204"
source = "sparse+https://index.crates.io/"

[[package]]
name = "internal"
version = "2.0.0"
source = "sparse+https://crates.example.com/index/"
`;
    const parsed = await parseCargoLock(text);
    expect(pins(parsed.packages)).toEqual(['serde@1.0.204']);
    expect(parsed.direct).toEqual(['serde', 'internal']);
  });

  it('in a bundle: the root crates name 3 crates.io crates, 6 are pulled in', async () => {
    const deps = await bundleDependencies(lockBundle({ 'Cargo.lock': 'cargo/Cargo.lock' }));
    expect(deps.packages.filter((p) => p.direct).map((p) => p.name)).toEqual([
      'axum',
      'serde',
      'tokio',
    ]);
    expect(countDependencies(deps.packages)).toEqual({ direct: 3, transitive: 6 });
  });
});
