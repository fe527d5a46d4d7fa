// Lint: strict TypeScript, React hooks, and the one-way import rules of docs/architecture.md (Imports).
import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync('src/features', { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// A feature may use another feature only through its published entry points (docs/decisions/002).
const PUBLIC_FEATURE_FILES = ['./auth/session.ts', './offline/network-status.ts'];

// The offline engine is entered by its front doors, one per part (docs/decisions/031).
const OFFLINE_DOORS = ['./store/index.ts', './outbox/index.ts', './catalogue/index.ts', './prices/index.ts'];
const OUTSIDE_OFFLINE = [
  './src/api',
  './src/config',
  './src/content',
  './src/contract',
  './src/features',
  './src/lib',
  './src/routes',
  './src/ui',
  './src/main.tsx',
  './src/router.tsx',
  './src/app-tree.tsx',
  './src/prerender.tsx',
  './sw',
];

// The server's layers above its repositories: they call repositories, never the other way round.
const SERVER_ABOVE_REPOSITORIES = [
  './server/services',
  './server/routes',
  './server/plugins',
  './server/invoices',
  './server/payments',
  './server/mail',
  './server/reports',
  './server/auth',
  './server/lib',
  './server/app.ts',
  './server/main.ts',
];

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', '.tmp', 'data', 'node_modules', 'bench/results', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: { allowDefaultProject: ['*.js', '*.mjs', 'scripts/*.mjs', 'server/auth/*.mjs'] }, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10 }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/contract',
              from: ['./src/api', './src/config', './src/lib', './src/offline', './src/features', './src/routes', './src/ui', './server', './sw'],
              message: 'src/contract is pure: it imports nothing from the app.',
            },
            {
              target: './src/config',
              from: ['./src/api', './src/lib', './src/offline', './src/features', './src/routes', './src/ui', './server', './sw'],
              message: 'src/config holds plain values: it imports nothing from the app.',
            },
            {
              target: './src/lib',
              from: ['./src/api', './src/config', './src/contract', './src/offline', './src/features', './src/routes', './src/ui', './server', './sw'],
              message: 'src/lib holds small helpers: it imports nothing from the app.',
            },
            {
              target: './src/ui',
              from: ['./src/features', './src/routes', './src/offline'],
              message: 'ui components take props; they do not reach into features.',
            },
            {
              target: './src/ui',
              from: './src/api',
              except: ['./errors.ts'],
              message: 'ui components take props: a feature calls the API and hands the component a callback.',
            },
            { target: './src/api', from: ['./src/features', './src/routes', './src/ui', './src/offline'], message: 'The API client knows nothing of screens.' },
            { target: './src/offline', from: ['./src/features', './src/routes', './src/ui'], message: 'The offline engine knows nothing of screens.' },
            {
              target: OUTSIDE_OFFLINE,
              from: './src/offline',
              except: OFFLINE_DOORS,
              message:
                'The offline engine is entered by its front doors: src/offline/store, src/offline/outbox and src/offline/catalogue (docs/decisions/031).',
            },
            {
              target: './src/offline/store',
              from: ['./src/offline/outbox', './src/offline/catalogue', './src/offline/prices'],
              message: 'The store is the base the outbox, the saved catalogue and the prices build on: it imports none of them.',
            },
            {
              target: './src/offline/outbox',
              from: './src/offline/catalogue',
              message: 'The outbox and the saved catalogue are apart: each builds on the store alone.',
            },
            {
              target: './src/offline/catalogue',
              from: './src/offline/outbox',
              message: 'The outbox and the saved catalogue are apart: each builds on the store alone.',
            },
            { target: './src/features', from: ['./src/routes'], message: 'Imports go routes -> features, not back.' },
            {
              target: './sw',
              from: ['./src/features', './src/routes', './src/ui'],
              message: 'The service worker imports no screen: only src/api, the offline engine and src/contract.',
            },
            { target: './server', from: './src', except: ['./contract'], message: 'The server imports only src/contract from the PWA.' },
            {
              target: './server/db',
              from: SERVER_ABOVE_REPOSITORIES.concat('./server/repositories'),
              message: 'server/db holds the schema and the connection: it imports no repository, service or route.',
            },
            {
              target: ['./server/services', './server/invoices', './server/payments', './server/mail'],
              from: ['./server/routes', './server/plugins', './server/app.ts', './server/main.ts'],
              message: 'Services work for routes: they import no route, plugin or the app itself.',
            },
            {
              target: './server/repositories',
              from: SERVER_ABOVE_REPOSITORIES,
              message: 'A repository reads and writes its tables; the layers above compose repositories, not the reverse.',
            },
            { target: './src', from: ['./server', './tests', './e2e', './bench'], message: 'The PWA never imports server or test code.' },
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`, ...PUBLIC_FEATURE_FILES],
              message: "A feature does not import another feature's internals; compose them in a route.",
            })),
          ],
        },
      ],
    },
  },
  {
    // The service worker is type-checked with the WebWorker library (tsconfig.sw.json), not the DOM one.
    files: ['sw/**/*.ts'],
    languageOptions: {
      globals: { ...globals.serviceworker },
      parserOptions: { projectService: false, project: './tsconfig.sw.json', tsconfigRootDir: import.meta.dirname },
    },
  },
  {
    // Playwright fixtures hand their value to \`use\`, which is not React's hook, and Playwright reads what a
    // fixture depends on from its first parameter's pattern, which is empty when it depends on nothing.
    files: ['e2e/**/*.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
