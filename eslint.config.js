// Lint rules that carry the design's habits: no floating promises, no `any`, env read only in config,
// web features that never import each other, server modules that meet only through their index.ts,
// a platform and engines that know no module, and no import cycle in production code.
// apps/server/src/lint-rules.test.ts shows each of these rules catching a deliberate violation.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

const root = import.meta.dirname;
const featuresDir = 'apps/web/src/features';
const modulesDir = 'apps/server/src/modules';
const tsFiles = ['**/*.{ts,tsx,mts,cts}'];
const serverSrc = 'apps/server/src';
/** Tests and test kits: they may reach wherever a test needs, and are no production code. */
const testFiles = ['**/*.test.ts', '**/*.test.tsx', '**/test-support.ts', '**/testing/**'];

// How import-x finds and reads the files an import names: no-cycle parses each one it walks through.
const importSettings = (project) => ({
  'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
  'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
  'import-x/resolver-next': [createTypeScriptImportResolver({ project: `${root}/${project}` })],
});
// A run-time import cycle (type-only imports are left out) in production code. The longest import
// chain a cycle is looked for along: a cycle longer than this goes unnoticed, but the walk from each
// file stops there, which keeps the whole lint within its budget.
const noCycle = ['error', { ignoreExternal: true, maxDepth: 20 }];

// The platform and the engines stand below the features and know none of them: what they need from the
// product (the job map the queue serves, the modules' routes) the app hands them at start.
const layerZones = ['platform', 'engines'].map((layer) => ({
  target: `./${serverSrc}/${layer}`,
  from: `./${serverSrc}/modules`,
  message: `${layer}/ imports nothing from modules/: take what a module provides as a parameter (app.ts passes it down).`,
}));

// One zone per feature folder present now, so a new feature is fenced in without touching this file.
const features = existsSync(path.join(root, featuresDir))
  ? readdirSync(path.join(root, featuresDir), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
  : [];
const featureZones = features.map((feature) => ({
  target: `./${featuresDir}/${feature}`,
  from: `./${featuresDir}`,
  except: [`./${feature}`],
  message: 'Features never import each other: move what both need to src/components or src/lib.',
}));

// One zone per server module folder present now: another module is reached only through its index.ts.
const folders = (dir) =>
  existsSync(path.join(root, dir))
    ? readdirSync(path.join(root, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];
const serverModules = folders(modulesDir);
const moduleZones = serverModules.map((name) => ({
  target: `./${modulesDir}/${name}`,
  from: `./${modulesDir}`,
  except: [
    `./${name}`,
    './module.ts',
    ...serverModules.filter((other) => other !== name).map((other) => `./${other}/index.ts`),
  ],
  message: 'Modules meet only through their index.ts: import what you need from ../<module>/index.js, or add it there.',
}));

const envMessage = 'Read settings from config.ts (validated once), not from process.env.';
const envImports = [
  { name: 'node:process', importNames: ['env'], message: envMessage },
  { name: 'process', importNames: ['env'], message: envMessage },
];

const testModuleZones = moduleZones.map((zone) => ({
  ...zone,
  except: [...zone.except, ...serverModules.flatMap((other) => [`./${other}/testing`, `./${other}/test-support.ts`])],
}));

// Each module owns the tables of its schema file (db/schema/<module>.ts); another module's rows are
// reached through that module's index.ts, never by SQL of its own.
const schemaDir = 'apps/server/src/db/schema';
const tablesOf = (name) => {
  const file = path.join(root, schemaDir, `${name}.ts`);
  if (!existsSync(file)) return [];
  return [...readFileSync(file, 'utf8').matchAll(/export const (\w+) = pgTable\(/g)].map((m) => m[1]);
};
const tableFences = serverModules.map((name) => {
  const foreign = serverModules.filter((other) => other !== name).flatMap(tablesOf);
  return {
    files: [`${modulesDir}/${name}/**/*.ts`],
    ignores: ['**/*.test.ts', '**/test-support.ts', '**/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            ...envImports,
            ...['../../db/schema/index.js', '../../../db/schema/index.js'].map((schema) => ({
              name: schema,
              importNames: foreign,
              message: `Another module's table: ask that module through its index.ts (the ${name} module owns only its own tables).`,
            })),
            // Credits are held, settled and returned only through the producer kit's paid job, stream or call.
            ...(name === 'producing' || name === 'billing'
              ? []
              : [
                  {
                    name: '../billing/index.js',
                    importNames: ['heldCredits'],
                    message:
                      'Paid work goes through the producer kit (../producing/index.js): its paid job, stream or call.',
                  },
                ]),
            // A module's schema file read directly (its handles on shared rows are left out of the index).
            ...serverModules
              .filter((other) => other !== name && tablesOf(other).length > 0)
              .flatMap((other) => [`../../db/schema/${other}.js`, `../../../db/schema/${other}.js`])
              .map((schema) => ({
                name: schema,
                message: `Another module's schema file: ask that module through its index.ts (the ${name} module owns only its own tables).`,
              })),
          ],
        },
      ],
    },
  };
});

export default defineConfig(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'data/**',
      '**/.test-data/**',
      'e2e/screenshots/**',
      'e2e/.artifacts/**',
      // Generated from the served OpenAPI document (npm run openapi:types).
      'apps/server/src/modules/open-api/testing/openapi.d.ts',
    ],
  },
  js.configs.recommended,
  {
    languageOptions: { ecmaVersion: 'latest', sourceType: 'module', globals: { ...globals.node } },
  },
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: tsFiles })),
  {
    files: tsFiles,
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: root,
      },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          ignoreRestSiblings: true,
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    rules: {
      'no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.{ts,mts,cts,js,mjs}'],
    ignores: ['apps/server/src/config.ts', 'apps/server/src/**/env.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: envMessage }],
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[property.name='env'][object.type='MemberExpression'][object.property.name='process']",
          message: envMessage,
        },
      ],
      'no-restricted-imports': ['error', { paths: envImports }],
    },
  },
  ...tableFences,
  {
    files: [`${serverSrc}/**/*.ts`],
    plugins: { 'import-x': importX },
    settings: importSettings('apps/server'),
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: importSettings('packages/contract'),
  },
  {
    files: [`${modulesDir}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: moduleZones }],
    },
  },
  // Tests (and test kits) may also use another module's test kit (its testing/ folder or test-support.ts), never its internals.
  {
    files: [`${modulesDir}/**/*.test.ts`, `${modulesDir}/*/testing/**/*.ts`, `${modulesDir}/*/test-support.ts`],
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: testModuleZones }] },
  },
  // Tests of the platform and the engines may use the product's modules; production code may not.
  {
    files: [`${serverSrc}/platform/**/*.ts`, `${serverSrc}/engines/**/*.ts`],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { basePath: root, zones: layerZones }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    ignores: ['apps/web/*.config.ts'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    settings: importSettings('apps/web'),
    rules: {
      ...reactHooks.configs.flat.recommended.rules,
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: featureZones }],
    },
  },
  // Shared web data (src/entities) sits below the features: features read it, it never reaches into them.
  {
    files: ['apps/web/src/entities/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            {
              target: './apps/web/src/entities',
              from: './apps/web/src/features',
              message: 'Entities never import features: what a feature alone needs stays in that feature.',
            },
          ],
        },
      ],
    },
  },
  // No import cycle in production code: a cycle makes start-up order matter and ties every file of it to
  // every other. Tests and test kits are left out.
  {
    files: [`${serverSrc}/**/*.ts`, 'packages/contract/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: testFiles,
    rules: { 'import-x/no-cycle': noCycle },
  },
);
