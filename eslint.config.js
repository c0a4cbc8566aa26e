// Flat config: typescript-eslint's recommended rules for the whole repository, the import
// boundaries between our layers (eslint.boundaries.js), no cycle between the domains under
// lambdas/ (eslint.domain-graph.js), each entity written by its owner only
// (eslint.entity-owners.js), only repo files using the entity layer (eslint.entity-layer.js),
// retries through the one helper, one zone per frontend feature (eslint.features.js), React
// hooks rules for the frontend.
// Formatting is Prettier's job, so no stylistic rules here.
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { boundaryResolver, boundaryZones } from './eslint.boundaries.js';
import { domainsPlugin } from './eslint.domain-graph.js';
import { entityLayer } from './eslint.entity-layer.js';
import { entityWrites } from './eslint.entity-owners.js';
import { featureZones } from './eslint.features.js';

export default tseslint.config(
  { ignores: ['node_modules/**', 'cdk.out/**', '.local/**', 'frontend/dist/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [boundaryResolver] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    files: ['lambdas/**/*.{ts,tsx}'],
    plugins: {
      domains: {
        rules: {
          ...domainsPlugin.rules,
          'entity-writes': entityWrites,
          'entity-layer': entityLayer,
        },
      },
    },
    rules: {
      'domains/no-cycle': 'error',
      'domains/entity-writes': 'error',
      'domains/entity-layer': 'error',
    },
  },
  {
    // One way to try again: lambdas/shared/retry.ts (bounded attempts, jittered pauses, an
    // explicit decision of which outcomes retry), not a loop counting its own attempts.
    files: ['lambdas/**/*.ts'],
    ignores: ['lambdas/shared/retry.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'ForStatement > VariableDeclaration.init > VariableDeclarator[id.name=/^(attempt|retr|tries|tried)/i]',
          message: 'Retry with lambdas/shared/retry.ts',
        },
        {
          selector:
            ':matches(WhileStatement, DoWhileStatement) > .test Identifier[name=/^(attempts?|retries|tries)$/i]:not(.property)',
          message: 'Retry with lambdas/shared/retry.ts',
        },
      ],
    },
  },
  {
    // Files a person can hold in their head: 400 lines a file, 80 a function (a React component
    // counts: extract sub-components), blank lines and comments not counted. Tests may be one long
    // suite and data tables may be long, so neither is in scope.
    files: [
      'contract/**/*.ts',
      'lambdas/**/*.ts',
      'frontend/src/**/*.{ts,tsx}',
      'lib/**/*.ts',
      'bin/**/*.ts',
      'test/fixtures/**/*.ts',
    ],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/*.spec.{ts,tsx}',
      // The demo catalog: a data table.
      'lib/local/seed/templates.ts',
    ],
    rules: {
      'max-lines': ['error', { max: 400, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  ...featureZones,
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
