// @ts-check
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeModules = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];

/** Relative imports name their file with its extension (Deno, which runs supabase/functions, needs it). */
const relativeWithExtension = {
  regex: '^\\.{1,2}/(?!.*\\.(ts|tsx|json|css|svg|png|md|sql)$)',
  message: 'Relative imports must end with the file extension (.ts, .tsx, ...).',
};

/** A pattern that forbids importing one of our top-level folders from another. */
const folder = (name, message) => ({ regex: `^(\\.\\./)+${name}(/|$)`, message });

const tests = ['**/*.test.ts', '**/*.test.tsx', 'tests/**'];

/** What web/ may not import: it runs in the browser, and imports only shared/ of the other folders. */
const webPatterns = [
  {
    group: ['electron', 'better-sqlite3', 'pg', '@electric-sql/*', 'fastify', '@fastify/*', 'nodemailer'],
    message: 'web/ runs in the browser.',
  },
  { group: nodeModules, message: 'web/ runs in the browser: no Node modules.' },
  folder('(electron|server|renderer|supabase|tests)', 'web/ may import only shared/.'),
];

/** A feature of web/src imports no other feature. */
const featurePatterns = [
  ...webPatterns,
  {
    regex: '^(\\.\\./[a-z0-9-]+/|(\\.\\./)+features/)',
    message: 'A feature does not import another feature: move what both need to web/src/components, lib or shared/.',
  },
];

/** components/ and lib/ import no feature. */
const sharedWebPatterns = [
  ...webPatterns,
  { regex: '(^|/)features/', message: 'components/ and lib/ are shared by every feature: they import none.' },
];

/**
 * A component (.tsx) does not load the data client: what it reads and writes goes through its feature's data files
 * (an RTK Query endpoint, the admin repository, a *-api.ts module), so each request is written in one place.
 */
const componentsLoadNoClient = {
  regex: '(^|/)lib/(load-)?supabase\\.ts$',
  message: 'A component does not load the Supabase client: call an endpoint or function of the feature’s *-api.ts.',
};

/**
 * Import boundaries (docs/architecture.md, the folders and what each may import): each folder may import only what its
 * row allows. Breaking one is a lint error, so `npm test` fails.
 */
const boundaries = [
  {
    files: ['shared/**/*.ts'],
    ignores: tests,
    paths: [],
    patterns: [
      {
        group: ['react', 'react-dom', 'react/*', 'react-dom/*', 'react-*', '@chakra-ui/*', '@emotion/*'],
        message: 'shared/ is pure TypeScript: no React.',
      },
      {
        group: [
          '@supabase/*',
          'electron',
          'better-sqlite3',
          'pg',
          '@electric-sql/*',
          'fastify',
          '@fastify/*',
          'nodemailer',
        ],
        message: 'shared/ is pure TypeScript: no platform or data client.',
      },
      { group: nodeModules, message: 'shared/ is pure TypeScript: no Node modules.' },
      folder('(web|renderer|electron|server|supabase|tests)', 'shared/ imports nothing of ours.'),
    ],
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: tests,
    patterns: webPatterns,
  },
  {
    // Inside web/src, code flows one way: components/ and lib/ (used by every feature) -> features/ -> app/. A
    // feature never imports another feature, and the shared parts never import a feature: what two features need
    // goes to components/, lib/ or shared/ (the rule bulletproof-react's layout uses).
    files: ['web/src/features/*/**/*.ts'],
    ignores: tests,
    patterns: featurePatterns,
  },
  {
    files: ['web/src/features/*/**/*.tsx'],
    ignores: tests,
    patterns: [...featurePatterns, componentsLoadNoClient],
  },
  {
    files: ['web/src/{components,lib}/**/*.ts'],
    ignores: tests,
    patterns: sharedWebPatterns,
  },
  {
    files: ['web/src/{components,lib}/**/*.tsx'],
    ignores: tests,
    patterns: [...sharedWebPatterns, componentsLoadNoClient],
  },
  {
    files: ['web/src/app/**/*.tsx'],
    ignores: tests,
    patterns: [...webPatterns, componentsLoadNoClient],
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    ignores: tests,
    patterns: [
      { group: ['electron', 'better-sqlite3'], message: 'The renderer reaches main only through the preload bridge.' },
      folder('(electron|server|supabase|tests)', 'renderer/ may import only web/ and shared/.'),
    ],
  },
  {
    files: ['electron/**/*.ts'],
    ignores: tests,
    patterns: [folder('(web|renderer|server|supabase|tests)', 'electron/ may import only shared/.')],
  },
  {
    files: ['server/**/*.ts'],
    ignores: tests,
    patterns: [folder('(web|renderer|electron|tests)', 'server/ may import only shared/ and supabase/functions.')],
  },
  {
    files: ['supabase/**/*.ts'],
    ignores: tests,
    patterns: [
      { group: nodeModules, message: 'Functions stay runtime-neutral (Web Request/Response): no Node modules.' },
      folder('(web|renderer|electron|server|tests)', 'supabase/ may import only shared/.'),
    ],
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'dist-electron/',
      'coverage/',
      'data/',
      'test-results/',
      'playwright-report/',
      'release/',
      '.desktop-native/',
      '.deno-dir/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.es2023 } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportDefaultDeclaration', message: 'Use named exports.' },
        {
          selector: 'CallExpression[callee.property.name=/^(only)$/][callee.object.name=/^(it|test|describe)$/]',
          message: 'Focused tests hide the rest of the suite.',
        },
      ],
      'no-restricted-imports': ['error', { patterns: [relativeWithExtension] }],
    },
  },
  {
    // Tools that load these files require a default export; a declaration file describes a module's own shape.
    files: ['**/*.config.ts', 'eslint.config.js', 'tests/e2e/global-setup.ts', '**/*.d.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    // Playwright reads a fixture's dependencies from its first parameter, so `{}` is how a fixture says "none".
    files: ['tests/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}', 'renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: [
      'server/**/*.ts',
      'electron/**/*.ts',
      'tests/**/*.ts',
      '**/*.test.ts',
      '**/*.config.ts',
      'eslint.config.js',
      '.ci/**',
    ],
    languageOptions: { globals: { ...globals.node } },
  },
  ...boundaries.map(({ files, ignores, patterns }) => ({
    files,
    ignores,
    rules: { 'no-restricted-imports': ['error', { patterns: [relativeWithExtension, ...patterns] }] },
  })),
  {
    files: ['shared/**/*.ts'],
    ignores: tests,
    rules: {
      'no-restricted-globals': [
        'error',
        ...[
          'window',
          'document',
          'navigator',
          'localStorage',
          'sessionStorage',
          'location',
          'fetch',
          'process',
          'Buffer',
          'require',
          '__dirname',
          '__filename',
        ].map((name) => ({ name, message: 'shared/ is pure TypeScript: no DOM or Node globals.' })),
      ],
    },
  },
  {
    files: ['web/vite.config.ts', 'renderer/vite.config.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [relativeWithExtension] }] },
    languageOptions: { globals: { ...globals.node } },
  },
  prettier,
);
