// The layers of the admin app (bulletproof-react), stated so the linter enforces them:
//   - a feature never imports another feature (what two features share moves to a shared folder);
//   - shared code (components, hooks, lib, config, locales) never imports a feature or the app;
//   - features never import the app (the app composes the features, not the other way round);
//   - only tests import src/testing (the fake API and test set-up stay out of the bundle);
//   - no import cycles.
// Architecture rules only: formatting and style are left to the code's conventions and `tsc`.
import { readdirSync } from 'node:fs';
import tsParser from '@typescript-eslint/parser';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

const root = import.meta.dirname;

// One zone per feature folder, read from the disk so a new feature is covered without editing this file.
const features = readdirSync(`${root}/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const shared = ['./src/components', './src/hooks', './src/lib', './src/config', './src/locales'];

const layers = [
  ...features.map((feature) => ({
    target: `./src/features/${feature}`,
    from: './src/features',
    except: [`./${feature}`],
    message: `Features never import each other: move what "${feature}" needs into components/, hooks/, lib/ or config/, or compose the two in app/.`,
  })),
  {
    target: './src/features',
    from: './src/app',
    message: 'Features never import the app: the app composes the features.',
  },
  {
    target: shared,
    from: ['./src/features', './src/app'],
    message: 'Shared code (components, hooks, lib, config, locales) never imports a feature or the app.',
  },
];

const testsOnly = {
  target: './src',
  from: './src/testing',
  message: 'Only tests (*.test.ts[x]) and src/testing import src/testing.',
};

export default [
  { ignores: ['dist/', 'coverage/', 'node_modules/', 'test-results/', 'playwright-report/', 'blob-report/', 'e2e/.state/'] },
  {
    files: ['**/*.{js,mjs,ts,tsx}'],
    languageOptions: {
      parser: tsParser,
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { 'import-x': importX },
    settings: {
      // The files the plugin follows (and parses) when it walks the import graph: without the
      // TypeScript extensions `no-cycle` would not see past the first .ts/.tsx import.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/resolver-next': [
        // Resolves the `@/` alias (tsconfig.app.json paths, the same as vite's resolve.alias) and .ts/.tsx files.
        createTypeScriptImportResolver({ project: `${root}/tsconfig.json` }),
      ],
    },
    rules: {
      // If an import stopped resolving, the rules below would pass silently: fail instead.
      'import-x/no-unresolved': 'error',
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: [...layers, testsOnly] }],
    },
  },
  {
    files: ['src/**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: layers }],
    },
  },
];
