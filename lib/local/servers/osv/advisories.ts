/**
 * The advisories the local OSV server starts with: real published records (their ids, aliases,
 * affected packages and ranges and severities as OSV and the GitHub Advisory Database publish
 * them), with summaries written in our own words and the long details, references and
 * credits left out. Tests, the demo seed and the benchmark pin versions inside these ranges to
 * get findings, and versions outside them to get none. Where a record is published without a
 * severity (the Go and RustSec databases give none) or we could not confirm the one GitHub gives,
 * it is left out here, and the report says "Severity not rated", as it would for such a record.
 * The records after the npm ones carry as `modified` the day the advisory was published, not the
 * time of the record's own last change.
 */
import type { OsvVulnerability } from '../../../../lambdas/security/osv';

type Range = [introduced: string, fixed: string];

const npm = (name: string, ranges: Range[]) => ({
  package: { ecosystem: 'npm', name },
  ranges: [
    {
      type: 'ECOSYSTEM',
      events: ranges.flatMap(([introduced, fixed]) => [{ introduced }, { fixed }]),
    },
  ],
});

const pypi = (name: string, ranges: Range[]) => ({
  package: { ecosystem: 'PyPI', name },
  ranges: [
    {
      type: 'ECOSYSTEM',
      events: ranges.flatMap(([introduced, fixed]) => [{ introduced }, { fixed }]),
    },
  ],
});

/** Go and RustSec publish their ranges as SEMVER; OSV writes Go versions without the `v`. */
const semver = (ecosystem: 'Go' | 'crates.io', name: string, ranges: Range[]) => ({
  package: { ecosystem, name },
  ranges: [
    {
      type: 'SEMVER',
      events: ranges.flatMap(([introduced, fixed]) => [{ introduced }, { fixed }]),
    },
  ],
});

const ecosystemRange = (ecosystem: 'RubyGems' | 'Packagist', name: string, ranges: Range[]) => ({
  package: { ecosystem, name },
  ranges: [
    {
      type: 'ECOSYSTEM',
      events: ranges.flatMap(([introduced, fixed]) => [{ introduced }, { fixed }]),
    },
  ],
});

const cvss3 = (vector: string) => [{ type: 'CVSS_V3', score: vector }];

export const LOCAL_ADVISORIES: OsvVulnerability[] = [
  {
    id: 'GHSA-35jh-r3h4-6jhm',
    modified: '2022-02-08T21:35:09Z',
    aliases: ['CVE-2021-23337'],
    summary: "lodash's template function can be made to run arbitrary commands.",
    severity: cvss3('CVSS:3.1/AV:N/AC:L/PR:H/UI:N/S:U/C:H/I:H/A:H'),
    affected: [npm('lodash', [['0', '4.17.21']]), npm('lodash-es', [['0', '4.17.21']])],
    database_specific: { severity: 'HIGH' },
  },
  {
    id: 'GHSA-p6mc-m468-83gw',
    modified: '2022-02-08T22:04:28Z',
    aliases: ['CVE-2020-8203'],
    summary: "lodash's zipObjectDeep lets crafted property paths change Object's prototype.",
    severity: cvss3('CVSS:3.1/AV:N/AC:H/PR:N/UI:N/S:U/C:N/I:H/A:H'),
    affected: [npm('lodash', [['0', '4.17.20']]), npm('lodash-es', [['0', '4.17.20']])],
    database_specific: { severity: 'HIGH' },
  },
  {
    id: 'GHSA-xvch-5gv4-984h',
    modified: '2023-02-27T14:47:14Z',
    aliases: ['CVE-2021-44906'],
    summary: "minimist lets crafted command-line arguments change Object's prototype.",
    severity: cvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:H'),
    affected: [npm('minimist', [['1.0.0', '1.2.6']]), npm('minimist', [['0', '0.2.4']])],
    database_specific: { severity: 'CRITICAL' },
  },
  {
    id: 'GHSA-wf5p-g6vw-rhxx',
    modified: '2023-11-10T00:35:38Z',
    aliases: ['CVE-2023-45857'],
    summary: 'axios sends the XSRF-TOKEN cookie as a header to every host, not only its own.',
    severity: [],
    affected: [npm('axios', [['0.8.1', '1.6.0']])],
    database_specific: { severity: 'MODERATE' },
  },
  {
    id: 'GHSA-c2qf-rxjj-qqgw',
    modified: '2023-07-10T22:57:56Z',
    aliases: ['CVE-2022-25883'],
    summary: "semver's Range parser can be made to take very long on a crafted range string.",
    severity: cvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L'),
    affected: [
      npm('semver', [['7.0.0', '7.5.2']]),
      npm('semver', [['6.0.0', '6.3.1']]),
      npm('semver', [['0', '5.7.2']]),
    ],
    database_specific: { severity: 'MODERATE' },
  },
  {
    id: 'GHSA-3h5v-q93c-6h6q',
    modified: '2024-06-17T19:09:12Z',
    aliases: ['CVE-2024-37890'],
    summary: 'A ws server can be crashed by a request carrying too many HTTP headers.',
    severity: cvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H'),
    affected: [
      npm('ws', [['2.1.0', '5.2.4']]),
      npm('ws', [['6.0.0', '6.2.3']]),
      npm('ws', [['7.0.0', '7.5.10']]),
      npm('ws', [['8.0.0', '8.17.1']]),
    ],
    database_specific: { severity: 'HIGH' },
  },
  {
    id: 'GHSA-f82v-jwr5-mffw',
    modified: '2025-03-24T15:00:00Z',
    aliases: ['CVE-2025-29927'],
    summary: 'A crafted header lets a request skip Next.js middleware, and the checks it makes.',
    severity: cvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:H/I:H/A:N'),
    affected: [
      npm('next', [
        ['11.1.4', '12.3.5'],
        ['13.0.0', '13.5.9'],
        ['14.0.0', '14.2.25'],
        ['15.0.0', '15.2.3'],
      ]),
    ],
    database_specific: { severity: 'CRITICAL' },
  },
  {
    id: 'GHSA-qw6h-vgh9-j6wx',
    modified: '2024-09-10T19:41:04Z',
    aliases: ['CVE-2024-43796'],
    summary: "express's res.redirect() can run script from untrusted input in the page it writes.",
    severity: [
      ...cvss3('CVSS:3.1/AV:N/AC:H/PR:N/UI:R/S:U/C:L/I:L/A:L'),
      { type: 'CVSS_V4', score: 'CVSS:4.0/AV:N/AC:L/AT:P/PR:N/UI:P/VC:N/VI:N/VA:N/SC:L/SI:L/SA:L' },
    ],
    affected: [npm('express', [['0', '4.20.0']]), npm('express', [['5.0.0-alpha.1', '5.0.0']])],
    database_specific: { severity: 'MODERATE' },
  },
  {
    id: 'GHSA-9wx4-h78v-vm56',
    modified: '2024-05-20T22:07:29Z',
    aliases: ['CVE-2024-35195'],
    summary:
      'A requests Session keeps skipping certificate checks for a host once one call disabled them.',
    severity: cvss3('CVSS:3.1/AV:L/AC:H/PR:H/UI:R/S:U/C:H/I:H/A:N'),
    affected: [pypi('requests', [['0', '2.32.2']])],
    database_specific: { severity: 'MODERATE' },
  },
  {
    id: 'GHSA-34jh-p97f-mpxf',
    modified: '2024-06-17T21:37:20Z',
    aliases: ['CVE-2024-37891'],
    summary: 'urllib3 keeps a hand-set Proxy-Authorization header on redirects to other origins.',
    severity: cvss3('CVSS:3.1/AV:N/AC:H/PR:H/UI:N/S:U/C:H/I:N/A:N'),
    affected: [pypi('urllib3', [['0', '1.26.19']]), pypi('urllib3', [['2.0.0', '2.2.2']])],
    database_specific: { severity: 'MODERATE' },
  },
  {
    id: 'GHSA-h5c8-rqwp-cp95',
    modified: '2024-01-11T15:20:48Z',
    aliases: ['CVE-2024-22195'],
    summary:
      "Jinja's xmlattr filter accepts keys with spaces, so user keys can add HTML attributes.",
    severity: cvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:R/S:U/C:L/I:L/A:N'),
    affected: [pypi('jinja2', [['0', '3.1.3']])],
    database_specific: { severity: 'MODERATE' },
  },
  {
    id: 'GHSA-2jv5-9r88-3w3p',
    modified: '2024-02-05T00:00:00Z',
    aliases: ['CVE-2024-24762'],
    summary:
      "python-multipart's Content-Type header parsing can be made to take very long on a crafted header.",
    severity: cvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:H'),
    affected: [pypi('python-multipart', [['0', '0.0.7']])],
    database_specific: { severity: 'HIGH' },
  },
  {
    id: 'GHSA-vm8q-m57g-pff3',
    modified: '2024-03-04T00:00:00Z',
    aliases: ['CVE-2024-27351'],
    summary: "Django's Truncator.words() can be made to take very long on crafted HTML text.",
    severity: cvss3('CVSS:3.1/AV:N/AC:L/PR:N/UI:N/S:U/C:N/I:N/A:L'),
    affected: [
      pypi('django', [
        ['3.2', '3.2.25'],
        ['4.2', '4.2.11'],
        ['5.0', '5.0.3'],
      ]),
    ],
    database_specific: { severity: 'MODERATE' },
  },
  {
    id: 'RUSTSEC-2024-0003',
    modified: '2024-01-18T00:00:00Z',
    aliases: ['GHSA-8r5v-vm4m-4g25'],
    summary: 'An h2 server can be made to queue reset frames without bound and run out of memory.',
    affected: [
      semver('crates.io', 'h2', [
        ['0', '0.3.24'],
        ['0.4.0', '0.4.2'],
      ]),
    ],
  },
  {
    id: 'GO-2023-2402',
    modified: '2023-12-18T00:00:00Z',
    aliases: ['CVE-2023-48795', 'GHSA-45x7-px36-x8w8'],
    summary:
      "golang.org/x/crypto's SSH lets an attacker in the middle drop the first messages after the handshake (Terrapin).",
    affected: [semver('Go', 'golang.org/x/crypto', [['0', '0.17.0']])],
  },
  {
    id: 'GO-2023-2102',
    modified: '2023-10-11T00:00:00Z',
    aliases: ['CVE-2023-39325', 'GHSA-4374-p667-p6c8'],
    summary:
      "golang.org/x/net's HTTP/2 server can be overloaded by requests reset as soon as they are opened.",
    affected: [semver('Go', 'golang.org/x/net', [['0', '0.17.0']])],
  },
  {
    id: 'GHSA-xc9x-jj77-9p9j',
    modified: '2024-02-05T00:00:00Z',
    aliases: ['CVE-2024-25062'],
    summary:
      "Nokogiri's packaged libxml2 can use freed memory when reading crafted XML with the XML Reader.",
    affected: [
      ecosystemRange('RubyGems', 'nokogiri', [
        ['0', '1.15.6'],
        ['1.16.0', '1.16.2'],
      ]),
    ],
    database_specific: { severity: 'MODERATE' },
  },
  {
    id: 'GHSA-25mq-v84q-4j7r',
    modified: '2022-06-22T00:00:00Z',
    aliases: ['CVE-2022-31090'],
    summary:
      'Guzzle keeps sending the credentials set for one host when a request is redirected to another.',
    affected: [
      ecosystemRange('Packagist', 'guzzlehttp/guzzle', [
        ['0', '6.5.8'],
        ['7.0.0', '7.4.5'],
      ]),
    ],
  },
];
