/** Version order (semver, PEP 440), OSV range events, the fixed version, CVSS severities. */
import { describe, expect, it } from 'vitest';
import { severityOf } from '../../../../lambdas/security/severity';
import {
  compareDotted,
  comparePep440,
  compareVersions,
  fixedVersionFor,
  inRange,
  isAffected,
} from '../../../../lambdas/security/versions';
import { LOCAL_ADVISORIES } from '../../../../lib/local/servers/osv/advisories';

const advisory = (id: string) => LOCAL_ADVISORIES.find((record) => record.id === id)!;

describe('PEP 440 order', () => {
  it.each([
    ['1.0.dev1', '1.0a1'],
    ['1.0a1', '1.0b2'],
    ['1.0b2', '1.0rc1'],
    ['1.0rc1', '1.0'],
    ['1.0', '1.0.post1'],
    ['1.0', '1.0.1'],
    ['1.9', '1.10'],
    ['2.2.1', '2.2.2'],
    ['1!0.1', '1!1.0'],
    ['2024.2.2', '1!0.1'],
  ])('%s < %s', (low, high) => {
    expect(comparePep440(low, high)).toBeLessThan(0);
    expect(comparePep440(high, low)).toBeGreaterThan(0);
  });

  it('1.0 equals 1.0.0', () => {
    expect(comparePep440('1.0', '1.0.0')).toBe(0);
  });
});

describe('OSV ranges', () => {
  const events = [{ introduced: '1.0.0' }, { fixed: '1.2.6' }];

  it('introduced is in, fixed is out', () => {
    expect(inRange('npm', '1.0.0', events)).toBe(true);
    expect(inRange('npm', '1.2.5', events)).toBe(true);
    expect(inRange('npm', '1.2.6', events)).toBe(false);
    expect(inRange('npm', '0.9.0', events)).toBe(false);
  });

  it('last_affected is in, above it is out', () => {
    const last = [{ introduced: '0' }, { last_affected: '2.0.0' }];
    expect(inRange('npm', '2.0.0', last)).toBe(true);
    expect(inRange('npm', '2.0.1', last)).toBe(false);
  });

  it('several branches: each span on its own (ws)', () => {
    const ws = advisory('GHSA-3h5v-q93c-6h6q').affected!;
    expect(isAffected('npm', 'ws', '7.4.6', ws)).toBe(true);
    expect(isAffected('npm', 'ws', '7.5.10', ws)).toBe(false);
    expect(isAffected('npm', 'ws', '8.17.1', ws)).toBe(false);
    expect(isAffected('npm', 'ws', '2.0.0', ws)).toBe(false);
    expect(fixedVersionFor('npm', 'ws', '7.4.6', ws)).toBe('7.5.10');
    expect(fixedVersionFor('npm', 'ws', '8.2.0', ws)).toBe('8.17.1');
  });

  it('PyPI names compare normalised; the lowest fix above the pin (urllib3)', () => {
    const urllib3 = advisory('GHSA-34jh-p97f-mpxf').affected!;
    expect(isAffected('PyPI', 'URLLib3', '1.26.18', urllib3)).toBe(true);
    expect(fixedVersionFor('PyPI', 'urllib3', '1.26.18', urllib3)).toBe('1.26.19');
    expect(fixedVersionFor('PyPI', 'urllib3', '2.0.7', urllib3)).toBe('2.2.2');
    expect(isAffected('PyPI', 'urllib3', '2.2.2', urllib3)).toBe(false);
  });

  it('a pre-release branch (express 5 alphas)', () => {
    const express = advisory('GHSA-qw6h-vgh9-j6wx').affected!;
    expect(isAffected('npm', 'express', '5.0.0-beta.3', express)).toBe(true);
    expect(isAffected('npm', 'express', '5.0.0', express)).toBe(false);
    expect(isAffected('npm', 'express', '4.19.2', express)).toBe(true);
  });
});

describe('severity', () => {
  it('from the CVSS 3.1 base score: 9.8 critical (minimist)', async () => {
    expect(await severityOf(advisory('GHSA-xvch-5gv4-984h'))).toEqual({
      severity: 'critical',
      cvss_score: 9.8,
    });
  });

  it('7.2 high (lodash template), 5.3 moderate (semver)', async () => {
    expect(await severityOf(advisory('GHSA-35jh-r3h4-6jhm'))).toEqual({
      severity: 'high',
      cvss_score: 7.2,
    });
    expect(await severityOf(advisory('GHSA-c2qf-rxjj-qqgw'))).toEqual({
      severity: 'moderate',
      cvss_score: 5.3,
    });
  });

  it("no vector: the database's label (axios), else unknown", async () => {
    expect(await severityOf(advisory('GHSA-wf5p-g6vw-rhxx'))).toEqual({
      severity: 'moderate',
      cvss_score: null,
    });
    expect(await severityOf({ severity: [] })).toEqual({ severity: 'unknown', cvss_score: null });
  });

  it('a CVSS 4.0 vector alone is scored too', async () => {
    const v4 = {
      severity: [
        {
          type: 'CVSS_V4',
          score: 'CVSS:4.0/AV:N/AC:L/AT:N/PR:N/UI:N/VC:H/VI:H/VA:H/SC:N/SI:N/SA:N',
        },
      ],
    };
    expect(await severityOf(v4)).toEqual({ severity: 'critical', cvss_score: 9.3 });
  });
});

describe('RubyGems and Composer order', () => {
  it.each([
    ['1.16.0', '1.16.2'],
    ['1.15.6', '1.16.0'],
    ['1.16.0.rc1', '1.16.0'],
    ['2.2.8', '2.2.8.1'],
    ['7.4.4', '7.4.5'],
    ['v6.4.3', '6.4.10'],
    ['7.0.0-beta1', '7.0.0-RC1'],
    ['7.0.0-RC1', '7.0.0'],
    ['1.0.0', '1.0.0-p1'],
    ['2.0', '2.0.1'],
  ])('%s < %s', (low, high) => {
    expect(compareDotted(low, high)).toBeLessThan(0);
    expect(compareDotted(high, low)).toBeGreaterThan(0);
  });

  it("1.0 equals 1.0.0; a tag's v is not part of the release", () => {
    expect(compareDotted('1.0', '1.0.0')).toBe(0);
    expect(compareDotted('v3.5.0', '3.5.0')).toBe(0);
  });
});

describe('Go and crates.io order', () => {
  it('Go: semver with or without the v; a pseudo-version sorts before its release', () => {
    expect(compareVersions('Go', 'v0.14.0', '0.17.0')).toBeLessThan(0);
    expect(compareVersions('Go', '0.0.0-20231218163308-9d2ee975ef9f', '0.1.0')).toBeLessThan(0);
    expect(compareVersions('Go', '0.9.0', '0.17.0')).toBeLessThan(0);
  });

  it('crates.io: semver, 0.3.22 < 0.3.24 < 0.4.0', () => {
    expect(compareVersions('crates.io', '0.3.22', '0.3.24')).toBeLessThan(0);
    expect(compareVersions('crates.io', '0.3.24', '0.4.0')).toBeLessThan(0);
  });
});

describe('the new ecosystems against real advisories', () => {
  it.each([
    ['GHSA-2jv5-9r88-3w3p', 'PyPI', 'python-multipart', '0.0.6', '0.0.7', true],
    ['GHSA-2jv5-9r88-3w3p', 'PyPI', 'Python_Multipart', '0.0.6', '0.0.7', true],
    ['GHSA-2jv5-9r88-3w3p', 'PyPI', 'python-multipart', '0.0.7', null, false],
    ['GHSA-vm8q-m57g-pff3', 'PyPI', 'Django', '4.2.10', '4.2.11', true],
    ['GHSA-vm8q-m57g-pff3', 'PyPI', 'django', '4.2.11', null, false],
    ['RUSTSEC-2024-0003', 'crates.io', 'h2', '0.3.22', '0.3.24', true],
    ['RUSTSEC-2024-0003', 'crates.io', 'h2', '0.4.1', '0.4.2', true],
    ['RUSTSEC-2024-0003', 'crates.io', 'h2', '0.4.2', null, false],
    ['GO-2023-2402', 'Go', 'golang.org/x/crypto', '0.14.0', '0.17.0', true],
    ['GO-2023-2402', 'Go', 'golang.org/x/crypto', '0.17.0', null, false],
    ['GHSA-xc9x-jj77-9p9j', 'RubyGems', 'nokogiri', '1.16.0', '1.16.2', true],
    ['GHSA-xc9x-jj77-9p9j', 'RubyGems', 'nokogiri', '1.15.6', null, false],
    ['GHSA-xc9x-jj77-9p9j', 'RubyGems', 'nokogiri', '1.14.0', '1.15.6', true],
    ['GHSA-25mq-v84q-4j7r', 'Packagist', 'guzzlehttp/guzzle', '7.4.4', '7.4.5', true],
    ['GHSA-25mq-v84q-4j7r', 'Packagist', 'GuzzleHttp/Guzzle', '6.5.7', '6.5.8', true],
    ['GHSA-25mq-v84q-4j7r', 'Packagist', 'guzzlehttp/guzzle', '7.4.5', null, false],
  ] as const)('%s: %s %s@%s (fix %s) affected: %s', (id, ecosystem, name, version, fix, hit) => {
    const affected = advisory(id).affected ?? [];
    expect(isAffected(ecosystem, name, version, affected)).toBe(hit);
    if (hit) expect(fixedVersionFor(ecosystem, name, version, affected)).toBe(fix);
  });

  it('a package of another ecosystem with the same name is not affected', () => {
    expect(isAffected('npm', 'h2', '0.3.22', advisory('RUSTSEC-2024-0003').affected ?? [])).toBe(
      false,
    );
  });
});
