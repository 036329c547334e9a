// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { webLayers } from './scripts/eslint-web-layers.mjs';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'apps/server/drizzle/**', '.tmp/**', 'data/**', '**/*.config.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify plugins and route handlers are async by contract, with or without await.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Imports flow shared (lib → stores → components) → features → app; never feature to feature.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { agrihub: { rules: { 'web-layers': webLayers } } },
    rules: { 'agrihub/web-layers': 'error' },
  },
  {
    // The browser's own validation bubbles (in the browser's language, not the page's) never appear:
    // every form says noValidate, and inputs ask for their keyboard with inputMode instead of a
    // validating type. The app's messages come from the contract's rules (issue 13).
    files: ['apps/web/src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement[name.name=/^(Form|form)$/]:not(:has(JSXAttribute[name.name='noValidate']))",
          message: 'Give the form noValidate: only the app’s own (translated) messages may show, never the browser’s.',
        },
        {
          selector: "JSXOpeningElement JSXAttribute[name.name='type'][value.value=/^(email|url|number)$/]",
          message: 'Use inputMode="email" / "url" / "numeric" instead: this type makes the browser validate in its own language.',
        },
      ],
    },
  },
  {
    // Tests read JSON answers loosely; the assertions are what is checked.
    files: ['**/*.test.ts', '**/*.test.tsx', 'apps/server/test/**', 'e2e/**', 'bench/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['scripts/**/*.mjs', 'apps/server/build.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { console: 'readonly', process: 'readonly' },
    },
  },
  {
    // Static browser scripts served as they are (apps/web/public/site-widgets.js): plain JS, no types.
    files: ['apps/web/public/**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly' },
    },
  },
);
