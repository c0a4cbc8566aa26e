// One lint zone per frontend feature (`frontend/src/features/<name>/`): code outside a feature
// reaches it through its index only (`@/features/<name>`, the feature's index.ts), never a file
// inside it, so a feature can move or reshape its files without breaking another folder.
// `no-restricted-imports` checks the specifier as written, so two more patterns close the ways
// around it: a relative path into a feature from outside, and a relative path that climbs two or
// more folders (write `@/…` instead). Dynamic `import()` is not checked: a lazy chunk imports its
// component file itself, since an index would bring the feature's other files into that chunk.
// test/unit/lint/features.test.ts lints each kind and its allowed neighbours.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(fileURLToPath(import.meta.url));

/** Every folder under frontend/src/features/ (read, so a new feature gets its zone). */
export const features = readdirSync(path.join(root, 'frontend/src/features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

export const FEATURE_INDEX_MESSAGE =
  'Another feature is reached through its index: import from @/features/<name>, and export what is needed from that feature’s index.ts.';
export const CLIMB_MESSAGE =
  'An import that climbs two or more folders names the module from the source root: @/…';
export const RELATIVE_FEATURE_MESSAGE =
  'A feature is imported as @/features/<name> from outside it, not by a relative path.';

/** `^@/features/<other>/…`: a file inside a feature other than `own` (any feature when null). */
const deepImport = (own) => ({
  regex: own === null ? '^@/features/[^/]+/.' : `^@/features/(?!${own}/)[^/]+/.`,
  message: FEATURE_INDEX_MESSAGE,
});

// Two folders up and more; the Markdown content pages live beside src/ (frontend/content/), where
// no alias reaches, and the router imports them from app/.
const climb = { regex: '^\\.\\./\\.\\./(?!content/[\\w-]+\\.md$)', message: CLIMB_MESSAGE };

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns }],
});

/** The flat-config blocks: one for the files outside the features, two for each feature. */
export const featureZones = [
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    ignores: ['frontend/src/features/**'],
    rules: restrict([
      deepImport(null),
      { regex: '^\\.\\.?/(\\.\\./)*features/', message: RELATIVE_FEATURE_MESSAGE },
      climb,
    ]),
  },
  ...features.flatMap((feature) => [
    {
      files: [`frontend/src/features/${feature}/**/*.{ts,tsx}`],
      rules: restrict([deepImport(feature), climb]),
    },
    {
      // A feature's top-level files (its index): one folder up is already outside the feature.
      files: [`frontend/src/features/${feature}/*.{ts,tsx}`],
      rules: restrict([
        deepImport(feature),
        climb,
        { regex: '^\\.\\./', message: RELATIVE_FEATURE_MESSAGE },
      ]),
    },
  ]),
];
