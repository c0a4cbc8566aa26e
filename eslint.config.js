// Flat config: typescript-eslint's recommended rules for the whole repository, the import
// boundaries between our layers (eslint.boundaries.js), no cycle between the domains under
// lambdas/ (eslint.domain-graph.js), each entity written by its owner only
// (eslint.entity-owners.js), React hooks rules for the frontend.
// Formatting is Prettier's job, so no stylistic rules here.
import js from '@eslint/js';
import { importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { boundaryResolver, boundaryZones } from './eslint.boundaries.js';
import { domainsPlugin } from './eslint.domain-graph.js';
import { entityWrites } from './eslint.entity-owners.js';

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
      domains: { rules: { ...domainsPlugin.rules, 'entity-writes': entityWrites } },
    },
    rules: {
      'domains/no-cycle': 'error',
      'domains/entity-writes': 'error',
    },
  },
  {
    files: ['frontend/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
);
