// Lint with the architecture's import boundaries (docs/architecture.md). Import cycles are
// checked by madge in `npm run lint` (it sees type-only imports too).
import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import importX from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const restrict = (patterns) => ({
  '@typescript-eslint/no-restricted-imports': ['error', { patterns }],
});
const noServer = {
  group: ['@tenantry/server', '@tenantry/server/*', '**/apps/server/**'],
  message: 'The web app never imports server code.',
  allowTypeImports: true,
};

// Web features do not import each other: one override per feature folder.
const featureDir = 'apps/web/src/features';
// The server's top layer: the composition root and the entry points at the root of src/.
const serverTop = [
  './app.ts',
  './server.ts',
  './background-jobs.ts',
  './cli.ts',
  './local-control.ts',
  './scripts',
];
// A server module's public face (docs/architecture.md, "A module's public face"): another module
// may import only its services (`*.service.ts`), its events (`*.events.ts`) and the files named
// here. Everything else in a module folder is its own business. Name a file here only when it is
// a use case of its own that other modules need, never to let one import through.
const serverModulesDir = 'apps/server/src/modules';
const publicModuleFiles = [
  // The plan's limits and features, checked at the point of use by every module that creates.
  'billing/entitlements.ts',
  // Rollups kept on write: the module whose write changes a count refreshes it in its transaction.
  'tenants/tenants.rollup.ts',
  'assessments/assessments.rollup.ts',
  // An assessment's pinned framework version cut to its scope (cached per process).
  'assessments/assessments.framework.ts',
  // An assessment's answers as CSV: its export, and the evidence pack's answers.csv.
  'assessments/assessments.export.ts',
  // The one write path of answers: the demo data answers through it like anyone.
  'assessments/answers/write.ts',
  // The SSRF guard (which addresses are public): webhooks, and the SSO issuer's discovery.
  'webhooks/webhooks.url-guard.ts',
  // The respondent token guard: the respondent's evidence routes use it as the answer routes do.
  'assessments/respondents/respond.guard.ts',
];
const serverModules = fs.existsSync(serverModulesDir)
  ? fs
      .readdirSync(serverModulesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];
// The size guard (docs/architecture.md, "Size"): production code only. A file warns past 400
// lines and fails past 600; a function warns past 150. Blank lines and comments do not count.
// ESLint gives a rule one severity, so the 400-line warning runs the same core rule under a
// second name.
const sizeCounting = { skipBlankLines: true, skipComments: true };
const size = { rules: { 'max-lines': builtinRules.get('max-lines') } };
const productionCode = [
  'apps/server/src/**/*.ts',
  'apps/web/src/**/*.{ts,tsx}',
  'apps/web/*.ts',
  'packages/shared/src/**/*.ts',
];
const notProductionCode = ['**/*.test.{ts,tsx}', '**/test/**', 'apps/server/src/scripts/**'];
const features = fs.existsSync(featureDir)
  ? fs
      .readdirSync(featureDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name)
  : [];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'apps/server/drizzle/**',
      'test-results/**',
      'playwright-report/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: restrict([
      { group: ['@tenantry/*', '**/apps/**'], message: 'shared depends only on zod.' },
      {
        group: [
          'react',
          'react-*',
          'hono',
          'hono/*',
          'drizzle-orm',
          'drizzle-orm/*',
          'better-auth',
          'better-auth/*',
        ],
        message: 'shared depends only on zod.',
      },
    ]),
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict([noServer]),
    },
  },
  {
    files: ['apps/web/src/components/**', 'apps/web/src/lib/**'],
    rules: restrict([
      noServer,
      {
        group: ['**/features/**', '**/app/**'],
        message: 'components/ and lib/ know no domain: they may not import features or app.',
      },
    ]),
  },
  // The respondent page is its own entry with a 120 KB budget (apps/web/src/respondent): none of
  // the main app's code or heavy libraries, and schemas (zod) from shared as types only.
  {
    files: ['apps/web/src/respondent/**'],
    rules: restrict([
      noServer,
      {
        group: ['#web/*', '**/src/app/**', '**/src/features/**', '**/src/components/**'],
        message:
          'The respondent page imports only its own files (and shared): it has its own budget.',
      },
      {
        group: [
          '@mantine/*',
          'react-router',
          'react-router/*',
          '@tanstack/*',
          '@uiw/*',
          'react-markdown',
          'better-auth',
          'better-auth/*',
          'zod',
          'zod/*',
        ],
        message: 'Not on the respondent page: it stays within 120 KB of gzipped JavaScript.',
      },
      {
        regex: '^@tenantry/shared(?:/[\\w.-]+\\.schemas)?$',
        allowTypeImports: true,
        message:
          'A value from a schemas file brings zod into the respondent page: import types only (see respondent/lib/contract.ts).',
      },
    ]),
  },
  // The guest pages are their own entry with an 80 KB budget (apps/web/src/guest): no heavy
  // library, and from the main app only the small modules they share with it (the guards, the
  // analytics queue, the version check, the auth and invitation rules), which must stay free of
  // them; schemas (zod) from shared as types only. src/guest/bundle-size.test.ts checks the rest.
  {
    files: ['apps/web/src/guest/**'],
    rules: restrict([
      noServer,
      {
        group: ['**/src/components/**', '**/src/respondent/**', '#web/components/*'],
        message: 'The guest pages use their own components (src/guest/components): own budget.',
      },
      {
        group: [
          '@mantine/*',
          'react-router',
          'react-router/*',
          '@tanstack/*',
          '@tabler/*',
          '@uiw/*',
          'react-markdown',
          'better-auth',
          'better-auth/*',
          'zod',
          'zod/*',
        ],
        message: 'Not on the guest pages: they stay within 80 KB of gzipped JavaScript.',
      },
      {
        regex: '^@tenantry/shared(?:/[\\w.-]+\\.schemas)?$',
        allowTypeImports: true,
        message:
          'A value from a schemas file brings zod into the guest pages: import types only (see guest/lib/contract.ts).',
      },
    ]),
  },
  ...features.map((name) => ({
    files: [`${featureDir}/${name}/**`],
    rules: restrict([
      noServer,
      { group: ['**/app/**'], message: 'features do not import the app layer.' },
      {
        group: features
          .filter((f) => f !== name)
          .flatMap((f) => [
            `**/features/${f}`,
            `**/features/${f}/**`,
            `../${f}`,
            `../${f}/**`,
            `../../${f}/**`,
          ]),
        message: 'Features do not import each other; compose them in a route.',
      },
    ]),
  })),
  {
    files: ['apps/server/**/*.ts'],
    rules: restrict([
      {
        group: ['@tenantry/web', '@tenantry/web/*', '**/apps/web/**'],
        message: 'The server never imports web code.',
      },
    ]),
  },
  // The server's layers point one way: lib ← db ← auth ← modules, http ← app.ts (and the
  // other entry points at the root of src). Tests may reach across; app code may not.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/**/*.test.ts', 'apps/server/src/test/**'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({ project: 'apps/server/tsconfig.json' }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: 'apps/server/src',
          zones: [
            {
              target: ['./lib', './config.ts'],
              from: ['./db', './auth', './modules', './http', ...serverTop],
              message: 'lib/ is the bottom layer: it imports no db, auth, module or app code.',
            },
            {
              target: './db',
              from: ['./auth', './modules', './http', ...serverTop],
              message: 'db/ imports only lib/ and config.',
            },
            {
              target: './auth',
              from: ['./modules', './http', ...serverTop],
              message:
                'auth/ never imports a module: the domains’ hooks are handed in from app.ts (AuthHooks).',
            },
            {
              target: ['./modules', './http'],
              from: serverTop,
              message:
                'modules/ and http/ do not import the composition root (app.ts and the entry points).',
            },
            // One zone per module: from any other module, only the public face.
            ...serverModules.map((name) => ({
              target: `./modules/${name}`,
              from: `./modules/!(${name})/**`,
              except: [
                '**/*.service.ts',
                '**/*.events.ts',
                ...publicModuleFiles.map((f) => `**/modules/${f}`),
              ],
              message:
                'Another module only through its public face: *.service.ts, *.events.ts or a file named in publicModuleFiles (eslint.config.js).',
            })),
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/server/src/**/*.service.ts',
      // Services split into steps keep the rule: the answer write, a carry-forward's plan.
      'apps/server/src/modules/assessments/answers/*.ts',
      'apps/server/src/modules/assessments/carry-forward/*.plan.ts',
    ],
    ignores: ['**/*.routes.ts', '**/*.test.ts'],
    rules: restrict([
      {
        group: ['hono', 'hono/*', '@hono/*'],
        message: 'A service never imports Hono: keep HTTP in the routes file.',
      },
      {
        group: ['@tenantry/web', '@tenantry/web/*', '**/apps/web/**'],
        message: 'The server never imports web code.',
      },
    ]),
  },
  {
    files: productionCode,
    ignores: notProductionCode,
    plugins: { size },
    rules: {
      'max-lines': ['error', { max: 600, ...sizeCounting }],
      'size/max-lines': ['warn', { max: 400, ...sizeCounting }],
      'max-lines-per-function': ['warn', { max: 150, ...sizeCounting }],
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
);
