// Lint rules, including the layer rules of the design: which folder may import which.
import { resolve } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';
import { mainLayersRule } from './lint/main-layers.js';

const sharpOnlyInImages = {
  name: 'sharp',
  message: "Only main/images/ may import 'sharp': the one image pipeline (the tray icon is drawn there too).",
};

const electronOnlyInApp = {
  paths: [
    { name: 'electron', message: "Only main/app/ may import 'electron'; keep the rest plain Node." },
    // It reaches for Electron's app and net modules once used; main/updates/ takes it as a port.
    {
      name: 'electron-updater',
      message: "Only main/app/ may load 'electron-updater'; main/updates/ gets it as an UpdaterPort.",
    },
  ],
};

/** The contract's values carry every valibot schema: a view that imported one would ship them all. */
const contractTypesOnly = {
  group: ['**/common/contract', '**/common/contract/**'],
  allowTypeImports: true,
  message:
    'renderer/ may import only types from the contract (its values pull valibot into the bundle); the service rules are in common/service-rules.',
};

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', 'test-results/', 'docs/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] } },
  },
  {
    // The layers of main/ (lint/main-layers.js): service, settings < auth < images < uploads < desktop, cli < app.
    files: ['main/**/*.ts'],
    plugins: { shotput: { rules: { 'main-layers': mainLayersRule } } },
    rules: { 'shotput/main-layers': ['error', { mainDir: resolve(import.meta.dirname, 'main') }] },
  },
  {
    files: ['main/**/*.ts', 'sandbox/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,js,mjs}', 'bin/**/*.js'],
    ignores: ['main/app/**'],
    rules: { 'no-restricted-imports': ['error', electronOnlyInApp] },
  },
  {
    // sharp only in main/images: one image pipeline, and no other layer of main pulls in libvips.
    files: ['main/**/*.ts'],
    ignores: ['main/app/**', 'main/images/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [...electronOnlyInApp.paths, sharpOnlyInImages] }] },
  },
  {
    files: ['main/app/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [sharpOnlyInImages] }] },
  },
  {
    files: ['renderer/**/*.{ts,svelte}'],
    rules: {
      'no-restricted-imports': 'off',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          ...electronOnlyInApp,
          patterns: [
            { group: ['**/main/**', '**/sandbox/**'], message: 'renderer/ talks to main only through window.shotput.' },
            {
              group: ['**/preload/**'],
              message: 'renderer/ talks to main only through window.shotput; the contract is in common/contract.',
            },
            contractTypesOnly,
          ],
        },
      ],
    },
  },
  {
    files: ['common/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronOnlyInApp,
          patterns: [
            {
              group: ['node:*', '**/main/**', '**/preload/**', '**/renderer/**', '**/sandbox/**'],
              message: 'common/ is pure TypeScript that main and the renderer share: no I/O, no app code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronOnlyInApp,
          patterns: [
            {
              group: ['**/main/**', '**/preload/**', '**/renderer/**'],
              message: 'sandbox/ is an independent implementation of the service: it shares no app code.',
            },
          ],
        },
      ],
    },
  },
);
