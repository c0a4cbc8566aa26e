/**
 * pnpm's peer-suffixed keys: a package installed for two peers is one package at its bare
 * version, in v6 (`/react-dom@18.2.0(react@18.2.0)`) and v9 (`react-dom@18.2.0(react@18.2.0)`, the
 * variants in `snapshots`), and a direct package at two versions is one direct dependency.
 */
import { describe, expect, it } from 'vitest';
import {
  bundleDependencies,
  countDependencies,
} from '../../../../../lambdas/security/lockfiles/index';
import { parsePnpmLock } from '../../../../../lambdas/security/lockfiles/pnpm';
import { pins } from '../../../../fixtures/lock-files';

const V6 = `lockfileVersion: '6.0'

dependencies:
  react:
    specifier: ^18.2.0
    version: 18.2.0
  react-dom:
    specifier: ^18.2.0
    version: 18.2.0(react@18.2.0)
  '@tanstack/react-query':
    specifier: ^5.51.1
    version: 5.51.1(react@18.2.0)

packages:

  /@tanstack/query-core@5.51.1:
    resolution: {integrity: sha512-fJBMQMpo8/KSsWW5ratJR5+IFr7YNJ3K2kfP9l5XObYHsgfVy1w3FJUWU4FT2fj7+JMaEg33zOcNDBo0LMwHnw==}
    dev: false

  /@tanstack/react-query@5.51.1(react@18.2.0):
    resolution: {integrity: sha512-s47HKFnQ4HOJAHoIiXcpna/roMMPZJPy6fJ6p4ZNVn8+/onlLBEDd1+xc8OnDuwgvecqkZD7Z2mnSRbcWefrKw==}
    peerDependencies:
      react: ^18 || ^19
    dependencies:
      '@tanstack/query-core': 5.51.1
      react: 18.2.0
    dev: false

  /loose-envify@1.4.0:
    resolution: {integrity: sha512-lyuxPGr/Wfhrlem2CL/UcnUc1zcqKAImBDzukY7Y5F/yQiNdko6+fRLevlw1HgMySw7f611UIY408EtxRSoK3Q==}
    dev: false

  /react-dom@18.2.0(react@18.2.0):
    resolution: {integrity: sha512-6IMTriUmvsjHUjNtEDudZfuDQUoWXVxKHhlEGSk81n4YFS+r/Kl99wXiwlVXtPBtJenozv2P+hxDsw9eA7Xo6g==}
    peerDependencies:
      react: ^18.2.0
    dependencies:
      loose-envify: 1.4.0
      react: 18.2.0
      scheduler: 0.23.2
    dev: false

  /react-dom@18.2.0(react@18.3.1):
    resolution: {integrity: sha512-6IMTriUmvsjHUjNtEDudZfuDQUoWXVxKHhlEGSk81n4YFS+r/Kl99wXiwlVXtPBtJenozv2P+hxDsw9eA7Xo6g==}
    peerDependencies:
      react: ^18.2.0
    dependencies:
      loose-envify: 1.4.0
      react: 18.3.1
      scheduler: 0.23.2
    dev: false

  /react@18.2.0:
    resolution: {integrity: sha512-/3IjMdb2L9QbBdWiW5e3P2/npwMBaU9mHCSCUzNln0ZCYbcfTsGbTJrU/kGemdH2IWmB2ioZ+zkxtmq6g09fGQ==}
    dependencies:
      loose-envify: 1.4.0
    dev: false

  /react@18.3.1:
    resolution: {integrity: sha512-wS+hAgJShR0KhEvPJArfuPVN1+Hz1t0Y6n5jLrGQbkb4urgPE/0Rve+1kMB1v/oWgHgm4WIcV+i7F2pTVj+2iQ==}
    dependencies:
      loose-envify: 1.4.0
    dev: false

  /scheduler@0.23.2:
    resolution: {integrity: sha512-UOShsPwz7NrMUqhR6t0hWjFduvOzbtv7toDH1/hIrfRNIDBnnBWd0CwJTGvTpngVlmwGCdP9/Zl/tVrDqcuYzQ==}
    dependencies:
      loose-envify: 1.4.0
    dev: false
`;

const V9 = `lockfileVersion: '9.0'

importers:

  .:
    dependencies:
      react:
        specifier: ^18.2.0
        version: 18.2.0
      react-dom:
        specifier: ^18.2.0
        version: 18.2.0(react@18.2.0)

packages:

  loose-envify@1.4.0:
    resolution: {integrity: sha512-lyuxPGr/Wfhrlem2CL/UcnUc1zcqKAImBDzukY7Y5F/yQiNdko6+fRLevlw1HgMySw7f611UIY408EtxRSoK3Q==}
    hasBin: true

  react-dom@18.2.0:
    resolution: {integrity: sha512-6IMTriUmvsjHUjNtEDudZfuDQUoWXVxKHhlEGSk81n4YFS+r/Kl99wXiwlVXtPBtJenozv2P+hxDsw9eA7Xo6g==}
    peerDependencies:
      react: ^18.2.0

  react@18.2.0:
    resolution: {integrity: sha512-/3IjMdb2L9QbBdWiW5e3P2/npwMBaU9mHCSCUzNln0ZCYbcfTsGbTJrU/kGemdH2IWmB2ioZ+zkxtmq6g09fGQ==}

  scheduler@0.23.2:
    resolution: {integrity: sha512-UOShsPwz7NrMUqhR6t0hWjFduvOzbtv7toDH1/hIrfRNIDBnnBWd0CwJTGvTpngVlmwGCdP9/Zl/tVrDqcuYzQ==}

snapshots:

  loose-envify@1.4.0: {}

  react-dom@18.2.0(react@18.2.0):
    dependencies:
      loose-envify: 1.4.0
      react: 18.2.0
      scheduler: 0.23.2

  react@18.2.0:
    dependencies:
      loose-envify: 1.4.0

  scheduler@0.23.2:
    dependencies:
      loose-envify: 1.4.0
`;

const PACKAGE_JSON = JSON.stringify({
  dependencies: { react: '^18.2.0', 'react-dom': '^18.2.0', '@tanstack/react-query': '^5.51.1' },
});

describe('pnpm-lock.yaml peer suffixes', () => {
  it('v6: react-dom installed for two peers is one package at 18.2.0', async () => {
    const { packages } = await parsePnpmLock(V6);
    expect(pins(packages)).toEqual([
      '@tanstack/query-core@5.51.1',
      '@tanstack/react-query@5.51.1',
      'loose-envify@1.4.0',
      'react-dom@18.2.0',
      'react@18.2.0',
      'react@18.3.1',
      'scheduler@0.23.2',
    ]);
  });

  it('v9: the bare keys of packages, each once', async () => {
    const { packages } = await parsePnpmLock(V9);
    expect(pins(packages)).toEqual([
      'loose-envify@1.4.0',
      'react-dom@18.2.0',
      'react@18.2.0',
      'scheduler@0.23.2',
    ]);
  });

  it('a direct package at two versions (react 18.2.0 and 18.3.1) is one direct dependency', async () => {
    const deps = await bundleDependencies(
      new Map([
        ['package.json', PACKAGE_JSON],
        ['pnpm-lock.yaml', V6],
      ]),
    );
    expect(deps.packages).toHaveLength(7);
    // react, react-dom, @tanstack/react-query by name; query-core, loose-envify and scheduler.
    expect(countDependencies(deps.packages)).toEqual({ direct: 3, transitive: 3 });
  });

  it('v9 in a bundle: 2 direct, 2 transitive', async () => {
    const deps = await bundleDependencies(
      new Map([
        ['package.json', PACKAGE_JSON],
        ['pnpm-lock.yaml', V9],
      ]),
    );
    expect(countDependencies(deps.packages)).toEqual({ direct: 2, transitive: 2 });
  });
});
