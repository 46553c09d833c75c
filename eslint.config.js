// Lint rules, including the layer rules of the design: which folder may import which.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

const electronOnlyInApp = {
  paths: [
    { name: 'electron', message: "Only main/app/ may import 'electron'; keep the rest plain Node." },
    // It reaches for Electron's app and net modules once used; main/updates/ takes it as a port.
    { name: 'electron-updater', message: "Only main/app/ may load 'electron-updater'; main/updates/ gets it as an UpdaterPort." },
  ],
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
    files: ['main/**/*.ts', 'sandbox/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,js,mjs}', 'bin/**/*.js'],
    ignores: ['main/app/**'],
    rules: { 'no-restricted-imports': ['error', electronOnlyInApp] },
  },
  {
    files: ['renderer/**/*.{ts,svelte}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...electronOnlyInApp,
          patterns: [
            { group: ['**/main/**', '**/sandbox/**'], message: 'renderer/ talks to main only through window.shotput.' },
            { group: ['**/preload/**', '!**/preload/contract'], message: 'renderer/ may import only types from preload/contract.' },
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
          patterns: [{ group: ['**/main/**', '**/preload/**', '**/renderer/**'], message: 'sandbox/ is an independent implementation of the service: it shares no app code.' }],
        },
      ],
    },
  },
);
