/**
 * The frontend's feature zones (eslint.features.js) fire: a probe is linted through the
 * repository's own ESLint config as if it were a file at the given path (the file need not exist),
 * and a deep import into another feature must be reported with the zone's message, while the
 * feature's index, the feature's own files and a lazy chunk's dynamic import pass. A component
 * there keeps to 80 lines as the backend's functions do (eslint.config.js, `max-lines-per-function`).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  CLIMB_MESSAGE,
  FEATURE_INDEX_MESSAGE,
  RELATIVE_FEATURE_MESSAGE,
  features,
} from '../../../eslint.features.js';
import { useRepoLinter } from '../../fixtures/lint';

const root = path.resolve(import.meta.dirname, '../../..');
const ruleMessages = useRepoLinter('frontend/src/warm.ts');

/**
 * The `no-restricted-imports` messages ESLint reports for `code` as the file at `filePath`, each
 * without the rule's own opening (`'<specifier>' import is restricted from being used by a
 * pattern.`), which names the import rather than the zone.
 */
const zoneMessages = async (filePath: string, code: string): Promise<string[]> =>
  (await ruleMessages('no-restricted-imports', filePath, code)).map((message) =>
    message.replace(/^'[^']+' import is restricted from being used by a pattern\. /, ''),
  );

const importing = (specifier: string) =>
  `import * as probe from '${specifier}';\nexport { probe };\n`;

describe('a feature is reached through its index only', () => {
  it.each([
    {
      from: 'a route',
      file: 'frontend/src/app/routes/probe.tsx',
      imports: '@/features/catalog/components/template-card',
      messages: [FEATURE_INDEX_MESSAGE],
    },
    {
      from: 'another feature',
      file: 'frontend/src/features/templates/components/probe.tsx',
      imports: '@/features/security/components/seller-security-section',
      messages: [FEATURE_INDEX_MESSAGE],
    },
    {
      from: 'another feature, as a type',
      file: 'frontend/src/features/builds/api/probe.ts',
      imports: '@/features/templates/api/keys',
      messages: [FEATURE_INDEX_MESSAGE],
    },
    {
      from: 'a feature whose name starts like the importer’s',
      file: 'frontend/src/features/seller-application/components/probe.tsx',
      imports: '@/features/sellers/components/seller-profile-view',
      messages: [FEATURE_INDEX_MESSAGE],
    },
    {
      from: 'a shared component, by a relative path',
      file: 'frontend/src/components/layout/probe.tsx',
      imports: '../../features/launch/lib/launch-state',
      messages: [RELATIVE_FEATURE_MESSAGE, CLIMB_MESSAGE],
    },
    {
      from: 'the app, by a relative path one folder up',
      file: 'frontend/src/app/probe.ts',
      imports: '../features/catalog/api/get-template',
      messages: [RELATIVE_FEATURE_MESSAGE],
    },
    {
      from: 'a feature’s index, by a relative path',
      file: 'frontend/src/features/home/index.ts',
      imports: '../catalog/components/template-card',
      messages: [RELATIVE_FEATURE_MESSAGE],
    },
    {
      from: 'another feature, by climbing out of its own',
      file: 'frontend/src/features/admin/components/probe.tsx',
      imports: '../../security/api/get-security-report',
      messages: [CLIMB_MESSAGE],
    },
  ])('$from: $imports is rejected', async ({ file, imports, messages }) => {
    expect(await zoneMessages(file, importing(imports))).toEqual(messages);
  });

  it('every feature has an index, and a deep import of any feature from a route is rejected', async () => {
    expect(features.length).toBeGreaterThan(20);
    for (const feature of features) {
      expect(
        existsSync(path.join(root, 'frontend/src/features', feature, 'index.ts')),
        feature,
      ).toBe(true);
      expect(
        await zoneMessages(
          'frontend/src/app/routes/probe.tsx',
          importing(`@/features/${feature}/components/anything`),
        ),
        feature,
      ).toEqual([FEATURE_INDEX_MESSAGE]);
    }
  });
});

describe('allowed imports pass', () => {
  it.each([
    {
      what: 'a feature’s index from a route',
      file: 'frontend/src/app/routes/probe.tsx',
      code: importing('@/features/catalog'),
    },
    {
      what: 'a feature’s index from another feature',
      file: 'frontend/src/features/templates/components/probe.tsx',
      code: importing('@/features/security'),
    },
    {
      what: 'a feature’s own files by the alias',
      file: 'frontend/src/features/catalog/components/filters/probe.tsx',
      code: importing('@/features/catalog/api/get-templates'),
    },
    {
      what: 'a feature’s own files one folder up',
      file: 'frontend/src/features/catalog/components/probe.tsx',
      code: importing('../api/get-templates'),
    },
    {
      what: 'a feature’s index re-exporting its own files',
      file: 'frontend/src/features/catalog/index.ts',
      code: `export { TemplateCard } from './components/template-card';\n`,
    },
    {
      what: 'shared code and the contract',
      file: 'frontend/src/features/catalog/components/probe.tsx',
      code: `${importing('@/lib/format')}import * as contract from '@contract/routes';\nexport { contract };\n`,
    },
    {
      what: 'a lazy chunk’s dynamic import of a component file',
      file: 'frontend/src/components/layout/probe.tsx',
      code: `export const load = () => import('@/features/launch/components/launch-overlay');\n`,
    },
    {
      what: 'the router’s content pages beside src/',
      file: 'frontend/src/app/probe.ts',
      code: `export const load = () => import('../../content/terms.md');\n${importing('../../content/terms.md')}`,
    },
  ])('$what', async ({ file, code }) => {
    expect(await zoneMessages(file, code)).toEqual([]);
  });
});

describe('a component keeps to 80 lines', () => {
  /** A component of `lines` lines of code, with as many comment and blank lines again. */
  const component = (lines: number) =>
    [
      'export function Probe() {',
      ...Array.from({ length: lines - 3 }, (_, index) => [
        `  const value${index} = ${index};`,
        '  // a comment line does not count',
        '',
      ]).flat(),
      '  return <p>{value0}</p>;',
      '}',
      '',
    ].join('\n');

  const lengthMessages = (code: string): Promise<string[]> =>
    ruleMessages(
      'max-lines-per-function',
      'frontend/src/features/catalog/components/probe.tsx',
      code,
    );

  it('rejects a component of 81 lines of code, comments and blank lines not counted', async () => {
    expect(await lengthMessages(component(81))).toEqual([
      expect.stringMatching(/Function 'Probe' has too many lines \(81\)\. Maximum allowed is 80\./),
    ]);
  });

  it('accepts one of 80', async () => {
    expect(await lengthMessages(component(80))).toEqual([]);
  });
});
