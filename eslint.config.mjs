import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/build/**',
      '**/dist/**',
      '**/.react-router/**',
      '**/.strapi/**',
      'cms/types/generated/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'cms/public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['web/app/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Import boundaries (issue 27): shared code (lib/, components/) never reaches up into a feature,
    // and the app never into the production server (the server composes the app, not the reverse).
    files: ['web/app/lib/**/*.{ts,tsx}', 'web/app/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/features/**'], message: 'Shared code (lib/, components/) must not import a feature: pass it in (a prop or slot) or move the shared part down into lib/.' },
            { group: ['**/server/**', '!react-dom/server', '!react-dom/server.*'], message: 'The app must not import the production server (web/server/): the server composes the app.' },
          ],
        },
      ],
    },
  },
  {
    files: ['web/app/features/**/*.{ts,tsx}', 'web/app/routes/**/*.{ts,tsx}', 'web/app/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '!react-dom/server', '!react-dom/server.*'], message: 'The app must not import the production server (web/server/): the server composes the app.' }] },
      ],
    },
  },
  {
    // A feature imports only itself and shared code (issue 42): what two features share moves down
    // into components/ or lib/, and a route composes features (scripts/eslint/boundaries.mjs).
    files: ['web/app/features/**/*.{ts,tsx}'],
    plugins: { boundaries },
    rules: { 'boundaries/no-cross-feature-imports': 'error' },
  },
  {
    // Imports across folders name what they import (`~/…`, the app's folder), never how far up it
    // is; and the site reads its environment in one module, server/config.ts (issue 42).
    files: ['web/app/**/*.{ts,tsx}', 'web/server/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "ImportDeclaration[source.value=/^(\\.\\.\\/){3,}/]", message: 'Import across folders with `~/…` (the app folder) rather than climbing ../../../.' },
        { selector: "ExportNamedDeclaration[source.value=/^(\\.\\.\\/){3,}/], ExportAllDeclaration[source.value=/^(\\.\\.\\/){3,}/]", message: 'Import across folders with `~/…` (the app folder) rather than climbing ../../../.' },
      ],
    },
  },
  {
    files: ['web/app/**/*.{ts,tsx}', 'web/server/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', 'web/server/config.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read the site\'s environment through web/server/config.ts (serverConfig), handed on by the composition root.' }],
    },
  },
  {
    // Code passed to page.evaluate runs in the browser.
    files: ['scripts/bench.mjs', 'scripts/bench/**/*.mjs', 'scripts/screenshots.mjs', 'web/tests/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['cms/scripts/*.js', 'cms/scripts/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The CMS's environment (issue 42): read in one module, cms/src/env.ts, which validates it at
    // start; everything else (config files included) asks that module.
    files: ['cms/src/**/*.{ts,tsx}', 'cms/config/**/*.ts'],
    ignores: ['cms/src/env.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read the CMS environment through cms/src/env.ts: cmsEnv(), or cmsEnvAtStart() in config files.' },
      ],
    },
  },
);
