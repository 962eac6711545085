// @ts-check
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import { importX } from 'eslint-plugin-import-x'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const folders = (parent) =>
  readdirSync(parent, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
const features = folders('src/features')

const serverModules = folders('server/modules')
/** What code outside a module may import from it: its index.ts (see docs/conventions.md). */
const publicModuleFiles = serverModules.map((name) => `./${name}/index.ts`)

/** Import direction: contract → shared (components, lib, platform) → features → routes → app. */
const boundaryZones = [
  // The contract is shared by browser, server and Electron: nothing from the app, React, DOM or Node.
  {
    target: './src/contract',
    from: './src',
    except: ['./contract'],
    message: 'src/contract imports only itself.',
  },
  // Features never import each other; routes compose them.
  ...features.map((name) => ({
    target: `./src/features/${name}`,
    from: './src/features',
    except: [`./${name}`],
    message:
      'Features do not import each other: move shared code to components/ or lib/, or compose in a route.',
  })),
  ...['./src/components', './src/lib', './src/platform'].map((target) => ({
    target,
    from: ['./src/features', './src/routes', './src/app'],
    message: 'Shared code does not depend on features, routes or the app shell.',
  })),
  {
    target: './src/features',
    from: ['./src/routes', './src/app'],
    message: 'Features do not import routes or the app.',
  },
  {
    target: './server',
    from: './src',
    except: ['./contract'],
    message: 'The server shares only src/contract with the renderer.',
  },
  {
    target: './electron',
    from: './src',
    except: ['./contract', './platform/platform.ts'],
    message: 'Electron shares only the contract and the Platform interface.',
  },
  {
    target: './src',
    from: ['./server', './electron'],
    message:
      'The renderer does not import the server or the Electron main process; share code through src/contract.',
  },
  // A server module is used by other code only through its public index.ts.
  ...serverModules.map((name) => ({
    target: `./server/modules/${name}`,
    from: './server/modules',
    except: [
      `./${name}`,
      ...publicModuleFiles.filter((file) => !file.startsWith(`./${name}/`) && file !== `./${name}`),
    ],
    message: 'Import another server module only through its index.ts (its public face).',
  })),
  {
    target: ['./server/app.ts', './server/server.ts', './server/db', './server/cli'],
    from: './server/modules',
    except: publicModuleFiles,
    message: 'Import a server module only through its index.ts (its public face).',
  },
  {
    target: ['./server/lib', './server/plugins', './server/adapters'],
    from: './server/modules',
    message: 'Shared server code (lib, plugins, adapters) does not depend on modules.',
  },
  {
    target: './server/config',
    from: './server/modules',
    message: 'Configuration imports nothing from modules: parse its values with code in server/lib.',
  },
  {
    target: ['./server/modules', './server/lib', './server/plugins', './server/adapters'],
    from: './server/db/seed',
    message: 'Product code never imports seed data (the published demo accounts are in server/lib).',
  },
]

const queriesMessage = 'Queries live in repository files (docs/conventions.md).'
/** Module files that import a drizzle or table value for something other than a query. */
const queryExceptions = [
  // Its inbox source description names the table the shared inbox reads (server/lib/inbox).
  'server/modules/careers/inbox.ts',
  // Its inbox source descriptions name the three tables the shared inbox reads (server/lib/inbox).
  'server/modules/inquiries/inbox.ts',
]

export default tseslint.config(
  {
    ignores: [
      '.scratch/**',
      'test-results-*/**',
      'dist/**',
      'node_modules/**',
      'data/**',
      'coverage/**',
      'src/routeTree.gen.ts',
      'test-results/**',
      'playwright-report/**',
      '**/*.cjs',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      // The parser and extension settings are what let import-x follow `.ts` imports at all;
      // without them `import-x/no-cycle` silently reports nothing (tests/server/lint-floors.test.ts).
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
      'import-x/no-cycle': ['error', { maxDepth: 6, ignoreExternal: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(react|react-.*|@mantine/.*|@tanstack/.*|node:.*|electron)$',
              message: 'src/contract must stay free of React, DOM and Node.',
            },
            {
              regex: '^zod(/v4)?$',
              message: "Use 'zod/mini' in the contract: the full API costs ~90 KB gzipped in the browser.",
            },
          ],
        },
      ],
      'no-restricted-globals': [
        'error',
        'window',
        'document',
        'localStorage',
        'sessionStorage',
        'navigator',
        'process',
        'Buffer',
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/contract/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(node:.*|fastify.*|@fastify/.*|drizzle-orm.*|pg|@electric-sql/.*|electron)$',
              message: 'Server and Node modules do not belong in the renderer.',
            },
            {
              regex: '^zod(/v4)?$',
              message: "Use 'zod/mini' in the renderer: the full API costs ~90 KB gzipped.",
            },
          ],
        },
      ],
    },
  },
  // Queries live in repository files (issue 26): outside repository.ts and <part>-repository.ts a module
  // imports drizzle and the tables as types only. A file that needs a value for another reason is listed
  // in `queryExceptions` with why.
  {
    files: ['server/modules/**/*.ts'],
    ignores: ['**/repository.ts', '**/*-repository.ts', ...queryExceptions],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'drizzle-orm', message: queriesMessage, allowTypeImports: true }],
          patterns: [
            { group: ['**/db/schema', '**/db/schema/*'], message: queriesMessage, allowTypeImports: true },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**', 'server/cli/**', 'e2e/**', 'tests/**'],
    rules: { 'no-console': 'off' },
  },
)
